"""The rows the stand-ins hand to the reward functions: written by docs.test.ts from the tasks of
the export the documented commands write (the stand-ins cannot read Parquet with the standard
library), and a perfect completion for each: the gold block followed by <|im_end|>."""

import json
import os

from succ_reward import format_answer


def rows():
    with open(os.environ["SUCC_DOC_ROWS"], encoding="utf-8") as f:
        return json.load(f)


def completion(row):
    return "Calcul des droits…\n" + format_answer(json.loads(row["answer"])) + "<|im_end|>"


def report(name, rewards):
    if not rewards or any(r != 1.0 for r in rewards):
        raise SystemExit(f"{name} stand-in: rewards {rewards}, expected 1.0 for each perfect completion")
    print(f"{name} stand-in: {len(rewards)} completions ending in <|im_end|>, every reward 1.0")
