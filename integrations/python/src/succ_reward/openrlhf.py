"""OpenRLHF's reward-function file: pass this file's path as ``--reward.remote_url``.

OpenRLHF loads a ``.py`` given as its remote reward URL and calls its
``reward_func(queries, prompts, labels, **kwargs)`` (openrlhf/utils/agent.py,
``SingleTurnAgentExecutor``): each query is the prompt and the response decoded together, each
label the dataset's ``--data.label_key`` column. With ``--data.label_key answer`` (the ``answer``
column of `succ export --format hf`) the labels carry the gold answers and every reply is scored
in-process, with no server. Print the path to pass with ``python3 -m succ_reward.openrlhf``.

Settings, read once from the environment (OpenRLHF passes none): ``SUCC_STRICT_END=1`` refuses
end-of-sequence tokens after the block, ``SUCC_ALL_OR_NOTHING=1`` gives no partial credit,
``SUCC_TRIM_REPLY=1`` drops a leading <think>…</think>; labels that are task ids are sent to
`succ serve` at ``$SUCC_URL`` for the set ``SUCC_SEED`` (default 0) and ``SUCC_SET`` (default mix).
"""

import os

from succ_reward.trainers import make_openrlhf_reward


def _flag(name: str) -> bool:
    return os.environ.get(name, "").strip().lower() in ("1", "true", "yes")


reward_func = make_openrlhf_reward(
    all_or_nothing=_flag("SUCC_ALL_OR_NOTHING"),
    strict_end=_flag("SUCC_STRICT_END"),
    trim_reply=_flag("SUCC_TRIM_REPLY"),
    seed=int(os.environ.get("SUCC_SEED", "0") or 0),
    task_set=os.environ.get("SUCC_SET") or None,
)

if __name__ == "__main__":
    print(os.path.abspath(__file__))
