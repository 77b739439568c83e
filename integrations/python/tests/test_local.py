"""Tests of the installed succ_reward that need no `succ serve`: the scorer, the trainers'
functions scoring in-process, and the HTTP client against small fake servers on 127.0.0.1.

Run by integrations/python/test/client.test.ts with the Python of a fresh virtual environment
where the wheel is installed (standard library only: unittest).
"""

import http.server
import importlib.util
import json
import math
import threading
import time
import unittest

import succ_reward
from succ_reward import SuccRewardError, score_reply

# The example of @succ/scoring's README: B1 exempt, B2 with 149,270 EUR taxable, 28,048 EUR of tax.
EXPECTED = {"beneficiaires": {"B1": {"part_taxable": 0, "droits": 0}, "B2": {"part_taxable": 149270, "droits": 28048}}, "total_droits": 28048}
GOLD = '<droits>{"beneficiaires": {"B1": {"part_taxable": 0, "droits": 0}, "B2": {"part_taxable": 149270, "droits": 28048}}, "total_droits": 28048}</droits>'
# B2.part_taxable right, B2.droits wrong: 0.45 * 0.4 / (0.4 + 0.6) = 0.18.
PARTIAL = GOLD.replace('"droits": 28048}', '"droits": 28000}')
# A port nothing listens on: a function that tried the network would fail.
NOWHERE = "http://127.0.0.1:9"


class ScoreReply(unittest.TestCase):
    def test_the_readme_example(self):
        self.assertEqual(score_reply("Calcul.\n" + GOLD, EXPECTED), (1.0, "ok"))
        self.assertEqual(score_reply(PARTIAL, EXPECTED), (0.18, "partial"))
        self.assertEqual(score_reply(PARTIAL, EXPECTED, all_or_nothing=True), (0.0, "not_all_right"))
        self.assertEqual(succ_reward.format_answer(EXPECTED), GOLD)

    def test_end_of_sequence_tokens_by_default_and_strict_end(self):
        self.assertEqual(score_reply(GOLD + "<|im_end|>", EXPECTED), (1.0, "ok"))
        self.assertEqual(score_reply(GOLD + "\n<|eot_id|>\n", EXPECTED), (1.0, "ok"))
        self.assertEqual(score_reply(GOLD + "<|im_end|>", EXPECTED, strict_end=True), (0.0, "text_after_block"))
        self.assertEqual(score_reply(GOLD + "<|im_end|>merci", EXPECTED), (0.0, "text_after_block"))
        for token in succ_reward.END_OF_SEQUENCE_TOKENS:
            self.assertEqual(score_reply(GOLD + token, EXPECTED), (1.0, "ok"), token)

    def test_the_length_limit_counts_the_reply_as_received(self):
        # The gold and 300,000 characters of </s>: over 200,000 before anything is trimmed.
        self.assertEqual(score_reply(GOLD + "</s>" * 75_000, EXPECTED), (0.0, "too_long"))
        # UTF-16 units, as JavaScript counts them: an emoji is two.
        room = 200_000 - len(GOLD)
        self.assertEqual(score_reply("x" * room + GOLD, EXPECTED)[1], "ok")
        self.assertEqual(score_reply("\U0001F600" * (room // 2) + GOLD, EXPECTED)[1], "ok")
        self.assertEqual(score_reply("\U0001F600" * (room // 2 + 1) + GOLD, EXPECTED)[1], "too_long")

    def test_never_raises(self):
        self.assertEqual(score_reply(42, EXPECTED), (0.0, "not_a_string"))
        self.assertEqual(score_reply(GOLD, {"beneficiaires": {}, "total_droits": 0}), (0.0, "bad_expected: expected.beneficiaires is empty"))
        self.assertEqual(score_reply(GOLD, None), (0.0, "bad_expected: expected answer must be an object"))
        self.assertEqual(score_reply("<droits>" + "[" * 150_000 + "</droits>", EXPECTED), (0.0, "too_deep"))

    def test_the_json_is_read_strictly(self):
        dup = GOLD.replace('"total_droits": 28048', '"total_droits": 1, "total_droits": 28048')
        self.assertEqual(score_reply(dup, EXPECTED), (0.0, "duplicate_key: total_droits"))
        self.assertEqual(score_reply(GOLD.replace('"B1"', '"B\\u0031"'), EXPECTED), (1.0, "ok"))
        self.assertEqual(score_reply(GOLD.replace("28048}}", "2.8048e4}}"), EXPECTED), (1.0, "ok"))
        self.assertEqual(score_reply(GOLD.replace("28048}}", '"28 048 €"}}'), EXPECTED), (1.0, "ok"))
        self.assertEqual(score_reply(GOLD.replace("28048}}", "28048.001}}"), EXPECTED), (0.0, "bad_amount: B2.droits"))
        self.assertEqual(score_reply(GOLD.replace("28048}}", '"٢٨٠٤٨"}}'), EXPECTED), (0.0, "bad_amount: B2.droits"))


class Trainers(unittest.TestCase):
    def test_verl_compute_score_reads_the_ground_truth_with_no_server(self):
        truth = json.dumps(EXPECTED)
        extra = {"split": "train", "index": 0}
        self.assertEqual(succ_reward.compute_score("succession-fr", "Calcul.\n" + GOLD + "<|im_end|>", truth, extra, url=NOWHERE), 1.0)
        self.assertEqual(succ_reward.compute_score("succession-fr", GOLD + "<|im_end|>", truth, extra, strict_end=True, url=NOWHERE), 0.0)
        self.assertEqual(succ_reward.compute_score("succession-fr", GOLD + "</s>" * 75_000, truth, extra, url=NOWHERE), 0.0)
        self.assertEqual(succ_reward.compute_score_batch(["succession-fr"] * 2, [GOLD, PARTIAL], [truth, EXPECTED], [None, None], url=NOWHERE), [1.0, 0.18])

    def test_the_verl_file_exposes_both_functions(self):
        import succ_reward.verl as verl_file

        self.assertIs(verl_file.compute_score, succ_reward.compute_score)
        self.assertIs(verl_file.compute_score_batch, succ_reward.compute_score_batch)

    def test_trl_reward_reads_the_answer_column(self):
        out = succ_reward.trl_reward(prompts=["p"] * 3, completions=[GOLD + "<|im_end|>", PARTIAL, [{"role": "assistant", "content": GOLD}]], answer=[json.dumps(EXPECTED)] * 3)
        self.assertEqual(out, [1.0, 0.18, 1.0])
        strict = succ_reward.make_trl_reward(strict_end=True)
        self.assertEqual(strict.__name__, "succ_reward")
        self.assertEqual(strict(completions=[GOLD + "<|im_end|>"], answer=[EXPECTED]), [0.0])
        self.assertEqual(succ_reward.trl_reward(completions=[GOLD + "</s>" * 75_000], answer=[EXPECTED]), [0.0])

    def test_the_openrlhf_file_as_openrlhf_loads_it(self):
        # openrlhf/utils/agent.py: spec_from_file_location("reward_func", path), then .reward_func.
        import succ_reward.openrlhf as openrlhf_file

        spec = importlib.util.spec_from_file_location("reward_func", openrlhf_file.__file__)
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
        prompt = "<|im_start|>user\nCalculez les droits.<|im_end|>\n<|im_start|>assistant\n"
        out = module.reward_func([prompt + "Calcul.\n" + GOLD + "<|im_end|>"], [prompt], [json.dumps(EXPECTED)])
        self.assertEqual(out, {"rewards": [1.0], "scores": [1.0], "extra_logs": {"succ_all_right": [1.0], "succ_well_formed": [1.0]}})
        out = module.reward_func([prompt + PARTIAL, prompt + GOLD + "</s>" * 75_000, "another prompt" + GOLD], [prompt] * 3, [json.dumps(EXPECTED)] * 3)
        self.assertEqual(out["rewards"], [0.18, 0.0, 0.0])
        self.assertEqual(out["extra_logs"]["succ_well_formed"], [1.0, 0.0, 0.0])

    def test_drop_think(self):
        self.assertEqual(succ_reward.drop_think("<think>brouillon " + GOLD + "</think>" + GOLD), GOLD)
        self.assertEqual(succ_reward.make_trl_reward(trim_reply=True)(completions=["<think>" + GOLD + "</think>" + GOLD + "<|im_end|>"], answer=[EXPECTED]), [1.0])


class FakeServer:
    """An HTTP server on 127.0.0.1 whose answer to each POST /score is handle(body) -> (status, bytes), or a callable that writes it."""

    def __init__(self, handle):
        owner = self
        self.requests = []

        class Handler(http.server.BaseHTTPRequestHandler):
            def do_POST(self):
                data = self.rfile.read(int(self.headers["content-length"]))
                owner.requests.append((data, dict(self.headers)))
                result = handle(json.loads(data))
                if callable(result):
                    result(self)
                    return
                status, body = result
                self.send_response(status)
                self.send_header("content-type", "application/json")
                self.send_header("content-length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)

            def log_message(self, *args):
                pass

        self.server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.server.daemon_threads = True
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}"
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)

    def __enter__(self):
        self.thread.start()
        return self

    def __exit__(self, *exc):
        self.server.shutdown()
        self.server.server_close()


def scores_of(body, value=0.5):
    return 200, json.dumps({"scores": [value] * len(body["items"]), "reasons": ["partial"] * len(body["items"])}).encode()


class Client(unittest.TestCase):
    def test_batches_are_bounded_by_count_and_bytes(self):
        with FakeServer(scores_of) as server:
            replies = ["x" * 400] * 10
            self.assertEqual(succ_reward.score(replies, answers=[EXPECTED] * 10, url=server.url, max_bytes=2_000), [0.5] * 10)
            sizes = [len(data) for data, _ in server.requests]
            self.assertGreater(len(sizes), 3)
            self.assertTrue(all(size <= 2_000 + 100 for size in sizes), sizes)
            server.requests.clear()
            succ_reward.score(["a"] * 10, answers=[EXPECTED] * 10, url=server.url, max_items=4)
            self.assertEqual([len(json.loads(d)["items"]) for d, _ in server.requests], [4, 4, 2])

    def test_a_413_splits_the_batch(self):
        def handle(body):
            if len(body["items"]) > 2:
                return 413, b'{"error": "the body is over the limit"}'
            return scores_of(body)

        with FakeServer(handle) as server:
            self.assertEqual(succ_reward.score(["a"] * 7, answers=[EXPECTED] * 7, url=server.url), [0.5] * 7)
            counts = [len(json.loads(d)["items"]) for d, _ in server.requests]
            self.assertEqual(sum(c for c in counts if c <= 2), 7)

    def test_a_413_for_one_reply_is_an_error_with_the_server_message(self):
        with FakeServer(lambda body: (413, b'{"error": "the body is over the limit of 10 bytes"}')) as server:
            with self.assertRaises(SuccRewardError) as caught:
                succ_reward.score(["a"], answers=[EXPECTED], url=server.url)
            self.assertIn("the body is over the limit of 10 bytes", str(caught.exception))

    def test_the_answer_is_checked(self):
        bad_answers = [
            b'{"scores": [0.5], "reasons": ["partial"]}',  # one score for two replies
            b'{"scores": [NaN, 0.5], "reasons": ["a", "b"]}',
            b'{"scores": [Infinity, 0.5], "reasons": ["a", "b"]}',
            b'{"scores": ["0.5", 0.5], "reasons": ["a", "b"]}',
            b'{"scores": [1.5, 0.5], "reasons": ["a", "b"]}',
            b'{"scores": [true, 0.5], "reasons": ["a", "b"]}',
            b'{"scores": [0.5, 0.5]}',
            b'{"rewards": [0.5, 0.5]}',
            b"[0.5, 0.5]",
            b"not json",
        ]
        for answer in bad_answers:
            with FakeServer(lambda body, answer=answer: (200, answer)) as server:
                with self.assertRaises(SuccRewardError, msg=answer):
                    succ_reward.score(["a", "b"], answers=[EXPECTED] * 2, url=server.url)

    def test_one_deadline_for_the_whole_call(self):
        def trickle(handler):
            handler.send_response(200)
            handler.send_header("content-type", "application/json")
            handler.send_header("content-length", "1000")
            handler.end_headers()
            try:
                for _ in range(40):
                    handler.wfile.write(b" ")
                    handler.wfile.flush()
                    time.sleep(0.25)
            except OSError:
                pass

        with FakeServer(lambda body: trickle) as server:
            start = time.monotonic()
            with self.assertRaises(SuccRewardError) as caught:
                succ_reward.score(["a"], answers=[EXPECTED], url=server.url, timeout=1.0)
            elapsed = time.monotonic() - start
            self.assertLess(elapsed, 3.0)
            self.assertIn("deadline", str(caught.exception))

    def test_a_503_is_retried(self):
        calls = []

        def handle(body):
            calls.append(1)
            return (503, b'{"error": "stopping"}') if len(calls) < 3 else scores_of(body, 1)

        with FakeServer(handle) as server:
            self.assertEqual(succ_reward.score(["a"], answers=[EXPECTED], url=server.url, timeout=10), [1.0])
            self.assertEqual(len(calls), 3)

    def test_a_refusal_is_an_error_with_the_server_message_and_never_the_token(self):
        secret = "s3cr3t-t0ken"

        def handle(body):
            return 400, json.dumps({"error": f"items[0].id: unknown task id (token {secret})"}).encode()

        with FakeServer(handle) as server:
            with self.assertRaises(SuccRewardError) as caught:
                succ_reward.score(["a"], ["succession-3-17"], url=server.url + "/?token=" + secret, token=secret)
            message = str(caught.exception)
            self.assertIn("HTTP 400", message)
            self.assertIn("unknown task id", message)
            self.assertNotIn(secret, message)
            self.assertEqual(server.requests[0][1].get("authorization"), f"Bearer {secret}")
        with self.assertRaises(SuccRewardError) as caught:
            succ_reward.score(["a"], answers=[EXPECTED], url=f"http://user:{secret}@127.0.0.1:9?token={secret}", token=secret, timeout=0.5)
        self.assertNotIn(secret, str(caught.exception))


if __name__ == "__main__":
    unittest.main()
