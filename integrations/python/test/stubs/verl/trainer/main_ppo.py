"""Stand-in for verl's trainer: loads the custom reward function as verl does
(verl/trainer/ppo/reward.py, get_custom_reward_fn: spec_from_file_location by path, then the
function by name) and calls it as the naive reward manager does, on the export's rows."""

import importlib.util
import os
import sys

import doc_rows

args = dict(a.split("=", 1) for a in sys.argv[1:])
for key in ("data.train_files", "data.val_files"):
    if not os.path.isfile(args[key]):
        raise SystemExit(f"verl stand-in: {key}={args[key]} is not a file")
path = args["custom_reward_function.path"]
spec = importlib.util.spec_from_file_location("custom_module", path)
module = importlib.util.module_from_spec(spec)
sys.modules["custom_module"] = module
spec.loader.exec_module(module)
compute_score = getattr(module, args.get("custom_reward_function.name", "compute_score"))
rewards = []
for row in doc_rows.rows():
    extra_info = {"split": "train", "index": row["index"], "id": row["id"], "seed": row["seed"], "set": row["set"], "level": row["level"], "variant": row["variant"], "uid": row["uid"]}
    rewards.append(compute_score(data_source="succession-fr", solution_str=doc_rows.completion(row), ground_truth=row["answer"], extra_info=extra_info))
doc_rows.report("verl", rewards)
