"""Scores a stream of replies with the installed succ_reward, for the test that compares it with @succ/scoring.

stdin: JSON lines, either {"answer": <gold answer>} (the gold of the replies that follow) or
{"reply": <reply>, "aon": bool, "se": bool} (all_or_nothing, strict_end). stdout: one JSON line
[score, reason] per reply line, in order. One process for the whole stream.
"""

import json
import sys

from succ_reward import score_reply


def main() -> None:
    out = sys.stdout
    gold = None
    for line in sys.stdin:
        row = json.loads(line)
        if "answer" in row:
            gold = row["answer"]
            continue
        score, reason = score_reply(row["reply"], gold, row.get("aon", False), strict_end=row.get("se", False))
        out.write(json.dumps([score, reason]))
        out.write("\n")
    out.flush()


if __name__ == "__main__":
    main()
