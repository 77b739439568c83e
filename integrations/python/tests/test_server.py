"""Tests of the installed succ_reward against a real `succ serve` (standard library only: unittest).

Run by integrations/python/test/client.test.ts, which installs the wheel in a fresh virtual
environment, starts the server on 127.0.0.1 (with --max-body-mb 1) and writes the fixture: SUCC_URL is the server, SUCC_TEST_FIXTURE a JSON file of tasks
({"id", "seed", "set", "answer", "gold", "wrong", and "options" for a task of --fictional-law})
made with @succ/generator.
"""

import json
import os
import unittest

import succ_reward

with open(os.environ["SUCC_TEST_FIXTURE"], encoding="utf-8") as f:
    FIXTURE = json.load(f)
# The tasks of the real law (those with "options" are tasks of --fictional-law).
TASKS = [t for t in FIXTURE["tasks"] if "options" not in t]
FICTIONAL = [t for t in FIXTURE["tasks"] if "options" in t]
URL = os.environ["SUCC_URL"]

# The example of @succ/scoring's README: B1 exempt, B2 with 149,270 EUR taxable, 28,048 EUR of tax.
EXPECTED = {"beneficiaires": {"B1": {"part_taxable": 0, "droits": 0}, "B2": {"part_taxable": 149270, "droits": 28048}}, "total_droits": 28048}
GOLD = '<droits>{"beneficiaires": {"B1": {"part_taxable": 0, "droits": 0}, "B2": {"part_taxable": 149270, "droits": 28048}}, "total_droits": 28048}</droits>'
# B2.part_taxable right, B2.droits wrong: 0.45 * 0.4 / (0.4 + 0.6) = 0.18.
PARTIAL = GOLD.replace("28048", "28000")


class Score(unittest.TestCase):
    def test_ids_and_seed(self):
        mix = [t for t in TASKS if t["set"] == "mix"]
        scores = succ_reward.score([t["gold"] for t in mix], [t["id"] for t in mix], seed=0, url=URL)
        self.assertEqual(scores, [1.0] * len(mix))
        wrong = succ_reward.score([t["wrong"] for t in mix], [t["id"] for t in mix], seed=0, url=URL)
        self.assertTrue(all(s < 1.0 for s in wrong), wrong)

    def test_url_from_the_environment(self):
        os.environ["SUCC_URL"] = URL
        self.assertEqual(succ_reward.score([GOLD], answers=[EXPECTED]), [1.0])

    def test_a_single_level_set(self):
        task = next(t for t in TASKS if t["set"] == "level-4")
        self.assertEqual(succ_reward.score([task["gold"]], [task["id"]], seed=task["seed"], url=URL, task_set="level-4"), [1.0])
        # The same id in the mix is another task (the first six tasks of the mix are pinned).
        self.assertLess(succ_reward.score([task["gold"]], [task["id"]], seed=task["seed"], url=URL)[0], 1.0)

    def test_tasks_of_the_fictional_law(self):
        ids = [t["id"] for t in FICTIONAL]
        golds = [t["gold"] for t in FICTIONAL]
        self.assertEqual(succ_reward.score(golds, ids, seed=0, url=URL, set_options={"fictionalLaw": True}), [1.0] * len(ids))
        # Without the option the server rebuilds the real law's gold: another answer.
        self.assertTrue(all(s < 1.0 for s in succ_reward.score(golds, ids, seed=0, url=URL)))

    def test_answers_and_reasons(self):
        scores, reasons = succ_reward.score_with_reasons([GOLD, PARTIAL, "rien"], answers=[EXPECTED, json.dumps(EXPECTED), EXPECTED], url=URL)
        self.assertEqual(scores, [1.0, 0.18, 0.0])
        self.assertEqual(reasons, ["ok", "partial", "no_block"])
        self.assertEqual(succ_reward.score([PARTIAL], answers=[EXPECTED], url=URL, all_or_nothing=True), [0.0])

    def test_trim_reply_and_strict_end(self):
        reply = "<think>brouillon " + GOLD + "</think>" + GOLD + "<|im_end|>"
        self.assertEqual(succ_reward.score([reply], answers=[EXPECTED], url=URL), [0.0])
        self.assertEqual(succ_reward.score([reply], answers=[EXPECTED], url=URL, trim_reply=True), [1.0])
        # The end-of-sequence token is allowed by default; strict_end refuses it.
        self.assertEqual(succ_reward.score([GOLD + "<|im_end|>"], answers=[EXPECTED], url=URL), [1.0])
        self.assertEqual(succ_reward.score_with_reasons([GOLD + "<|im_end|>"], answers=[EXPECTED], url=URL, strict_end=True), ([0.0], ["text_after_block"]))

    def test_large_batches_are_split_by_count_and_by_bytes(self):
        self.assertEqual(succ_reward.score([GOLD, PARTIAL] * 4, answers=[EXPECTED] * 8, url=URL, max_items=3), [1.0, 0.18] * 4)
        self.assertEqual(succ_reward.score([GOLD, PARTIAL] * 4, answers=[EXPECTED] * 8, url=URL, max_bytes=500), [1.0, 0.18] * 4)

    def test_a_batch_over_the_servers_body_limit_is_split(self):
        # The server runs with --max-body-mb 1: eight replies of 190,000 characters of reasoning
        # and the block (each under the scorer's 200,000) are 1.5 MB of body, which it refuses
        # (413, after reading it to its end); the client sends the two halves (0.76 MB each).
        long_gold = "x" * 190_000 + GOLD
        self.assertEqual(succ_reward.score([long_gold] * 8, answers=[EXPECTED] * 8, url=URL), [1.0] * 8)

    def test_an_unknown_id_is_an_error_naming_it(self):
        with self.assertRaises(succ_reward.SuccRewardError) as caught:
            succ_reward.score(["x"], ["succession-3-17"], seed=0, url=URL)
        self.assertIn('unknown task id "succession-3-17"', str(caught.exception))
        self.assertIn("HTTP 400", str(caught.exception))

    def test_an_unreachable_server_is_an_error(self):
        with self.assertRaises(succ_reward.SuccRewardError) as caught:
            succ_reward.score(["x"], answers=[EXPECTED], url="http://127.0.0.1:9", timeout=1.0)
        self.assertIn("cannot reach succ serve", str(caught.exception))

    def test_arguments_are_checked_before_sending(self):
        with self.assertRaises(ValueError):
            succ_reward.score(["a", "b"], ["succession-1-0"], url=URL)
        with self.assertRaises(ValueError):
            succ_reward.score(["a"], url=URL)


class Verl(unittest.TestCase):
    def test_compute_score_with_the_ground_truth(self):
        task = TASKS[0]
        extra = {"id": task["id"], "seed": task["seed"], "set": task["set"], "split": "test", "index": 0}
        self.assertEqual(succ_reward.compute_score("succession-fr", task["gold"] + "<|im_end|>", json.dumps(task["answer"]), extra, url=URL), 1.0)
        self.assertLess(succ_reward.compute_score("succession-fr", task["wrong"], json.dumps(task["answer"]), extra, url=URL), 1.0)

    def test_compute_score_from_extra_info_alone(self):
        task = next(t for t in TASKS if t["set"] == "level-4")
        extra = {"id": task["id"], "seed": task["seed"], "set": task["set"], "num_turns": None, "rollout_reward_scores": {}}
        self.assertEqual(succ_reward.compute_score(data_source="succession-fr", solution_str=task["gold"], ground_truth="", extra_info=extra, url=URL), 1.0)

    def test_compute_score_batch(self):
        tasks = TASKS[:4]
        scores = succ_reward.compute_score_batch(
            data_sources=["succession-fr"] * 4,
            solution_strs=[t["gold"] for t in tasks[:2]] + [t["wrong"] for t in tasks[2:]],
            ground_truths=[json.dumps(t["answer"]) for t in tasks],
            extra_infos=[{"id": t["id"], "seed": t["seed"]} for t in tasks],
            url=URL,
        )
        self.assertEqual(scores[:2], [1.0, 1.0])
        self.assertTrue(all(s < 1.0 for s in scores[2:]))

    def test_compute_score_from_extra_info_with_options(self):
        # A row of `succ export --format verl --fictional-law`: extra_info.options as JSON text.
        task = FICTIONAL[0]
        extra = {"id": task["id"], "seed": task["seed"], "set": task["set"], "options": '{"fictionalLaw":true}'}
        self.assertEqual(succ_reward.compute_score("succession-fr", task["gold"], "", extra, url=URL), 1.0)
        self.assertLess(succ_reward.compute_score("succession-fr", task["gold"], "", {**extra, "options": None}, url=URL), 1.0)

    def test_a_row_of_ids_is_sent_to_the_server_with_its_options(self):
        task = TASKS[0]
        extra = {"id": task["id"], "seed": task["seed"], "set": task["set"]}
        self.assertEqual(succ_reward.compute_score("succession-fr", task["gold"] + "</s>", "", extra, url=URL), 1.0)
        self.assertEqual(succ_reward.compute_score("succession-fr", task["gold"] + "</s>", "", extra, url=URL, strict_end=True), 0.0)

    def test_a_row_without_gold_nor_task(self):
        with self.assertRaises(succ_reward.SuccRewardError):
            succ_reward.compute_score("succession-fr", GOLD, "", {}, url=URL)


class OpenRlhf(unittest.TestCase):
    def test_labels_that_are_task_ids_go_to_the_server(self):
        task = next(t for t in TASKS if t["set"] == "mix")
        reward = succ_reward.make_openrlhf_reward(url=URL, seed=task["seed"])
        out = reward(["P" + task["gold"] + "<|im_end|>"], ["P"], [task["id"]])
        self.assertEqual(out["rewards"], [1.0])
        self.assertEqual(out["extra_logs"], {"succ_all_right": [1.0], "succ_well_formed": [1.0]})


class Trl(unittest.TestCase):
    def test_standard_completions_with_the_answer_column(self):
        reward = succ_reward.make_trl_reward(url=URL)
        self.assertEqual(reward.__name__, "succ_reward")
        out = reward(prompts=["p", "q"], completions=[GOLD, PARTIAL], completion_ids=[[1], [2]], answer=[json.dumps(EXPECTED)] * 2, trainer_state=None, log_extra=None, log_metric=None)
        self.assertEqual(out, [1.0, 0.18])

    def test_conversational_completions_with_id_and_seed_columns(self):
        tasks = TASKS[:3]
        completions = [[{"role": "assistant", "content": t["gold"]}] for t in tasks]
        out = succ_reward.make_trl_reward(url=URL)(
            prompts=[[{"role": "user", "content": "…"}]] * 3, completions=completions, id=[t["id"] for t in tasks], seed=[t["seed"] for t in tasks], set=[t["set"] for t in tasks]
        )
        self.assertEqual(out, [1.0, 1.0, 1.0])

    def test_an_options_column(self):
        tasks = FICTIONAL
        out = succ_reward.make_trl_reward(url=URL)(
            completions=[t["gold"] for t in tasks], id=[t["id"] for t in tasks], seed=[t["seed"] for t in tasks], set=[t["set"] for t in tasks], options=['{"fictionalLaw":true}'] * len(tasks)
        )
        self.assertEqual(out, [1.0] * len(tasks))

    def test_the_default_function_reads_SUCC_URL(self):
        os.environ["SUCC_URL"] = URL
        self.assertEqual(succ_reward.trl_reward(completions=[GOLD], answer=[EXPECTED]), [1.0])

    def test_a_dataset_without_answer_nor_id(self):
        with self.assertRaises(succ_reward.SuccRewardError):
            succ_reward.make_trl_reward(url=URL)(completions=[GOLD], level=[1])


if __name__ == "__main__":
    unittest.main()
