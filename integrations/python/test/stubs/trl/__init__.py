"""Stand-in for TRL: GRPOTrainer.train() calls each reward function as _calculate_rewards does
(prompts=, completions=, completion_ids=, and every dataset column but prompt, as lists)."""

import doc_rows


class GRPOConfig:
    def __init__(self, **kwargs):
        self.kwargs = kwargs


class GRPOTrainer:
    def __init__(self, model, reward_funcs, args=None, train_dataset=None, **kwargs):
        self.reward_funcs = reward_funcs
        self.rows = list(train_dataset)

    def train(self):
        prompts = [row["prompt"] for row in self.rows]
        completions = [[{"role": "assistant", "content": doc_rows.completion(row)}] for row in self.rows]
        columns = {key: [row[key] for row in self.rows] for key in self.rows[0] if key != "prompt"}
        for func in self.reward_funcs:
            rewards = func(prompts=prompts, completions=completions, completion_ids=[[0]] * len(self.rows), trainer_state=None, **columns)
            doc_rows.report("TRL", rewards)
