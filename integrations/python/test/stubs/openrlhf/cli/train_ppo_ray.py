"""Stand-in for OpenRLHF's trainer: loads the reward file given as --reward.remote_url as
openrlhf/utils/agent.py does and calls reward_func([query], [prompt], [label]) a query at a time,
the query being the prompt and the response decoded together, the label the --data.label_key column."""

import importlib.util
import sys

import doc_rows

argv = sys.argv[1:]
options = {}
for i, arg in enumerate(argv):
    if arg.startswith("--"):
        options[arg] = argv[i + 1] if i + 1 < len(argv) and not argv[i + 1].startswith("--") else True
path = options["--reward.remote_url"]
if not path.endswith(".py"):
    raise SystemExit(f"OpenRLHF stand-in: {path} is not a .py file")
spec = importlib.util.spec_from_file_location("reward_func", path)
module = importlib.util.module_from_spec(spec)
spec.loader.exec_module(module)
label_key = options["--data.label_key"]
rewards = []
for row in doc_rows.rows():
    prompt = "<|im_start|>user\n" + row["prompt"] + "<|im_end|>\n<|im_start|>assistant\n"
    result = module.reward_func([prompt + doc_rows.completion(row)], [prompt], [row[label_key]])
    rewards.extend(result["rewards"])
doc_rows.report("OpenRLHF", rewards)
