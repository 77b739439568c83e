"""Times succ_reward.score_reply on the replies of a corpus file (see score.bench.mjs, which writes it)."""

import json
import platform
import statistics
import sys
import time

from succ_reward import score_reply

TARGET_MS = 5.0


def main() -> int:
    corpus = json.load(open(sys.argv[1], encoding="utf-8"))
    expected = corpus["expected"]
    print(f"succ_reward.score_reply, Python {platform.python_version()}: hostile replies of ~200,000 characters (target < {TARGET_MS} ms)")
    print("median: wall-clock time; max: the largest CPU time (time.thread_time) of a run, in the quietest and")
    print("the noisiest of 3 rounds of 100 (CPU time leaves out the time other processes hold the core)")
    print(f"{'reply':<30} {'chars':>8} {'reason':<28} {'median':>9} {'max quiet':>10} {'max noisy':>10}")
    worst = 0.0
    for item in corpus["replies"]:
        reply = item["reply"]
        for _ in range(5):
            score, reason = score_reply(reply, expected)
        rounds = []
        for _ in range(3):
            times = []
            cpu = []
            for _ in range(100):
                start = time.perf_counter()
                start_cpu = time.thread_time()
                score_reply(reply, expected)
                cpu.append((time.thread_time() - start_cpu) * 1000)
                times.append((time.perf_counter() - start) * 1000)
            rounds.append((times, cpu))
        all_times = sorted(t for r in rounds for t in r[0])
        maxima = sorted(max(r[1]) for r in rounds)
        quiet, noisy = maxima[0], maxima[-1]
        worst = max(worst, quiet)
        flag = "" if quiet < TARGET_MS else "  FAIL"
        print(f"{item['name']:<30} {len(reply):>8} {reason[:28]:<28} {statistics.median(all_times):>7.3f}ms {quiet:>8.3f}ms {noisy:>8.3f}ms{flag}")
    print(f"worst quiet-round maximum: {worst:.3f} ms ({'ok' if worst < TARGET_MS else 'FAIL'})")
    return 1 if worst > 2 * TARGET_MS else 0


if __name__ == "__main__":
    sys.exit(main())
