"""Rewards for succession-fr tasks in Python, with the standard library only.

- :func:`score_reply` ``(reply, answer, all_or_nothing=False) -> (score, reason)``: the scorer of
  @succ/scoring, ported (the same rules, reasons and limits; no server, no Node).
- :func:`compute_score` / :func:`compute_score_batch`: verl's reward function
  (``custom_reward_function.path`` = ``python3 -m succ_reward.verl`` prints it).
- :data:`trl_reward` / :func:`make_trl_reward`: TRL's ``GRPOTrainer(reward_funcs=[trl_reward])``,
  the gold read from the ``answer`` column.
- :data:`openrlhf_reward` / :func:`make_openrlhf_reward`: OpenRLHF's ``reward_func``
  (``--reward.remote_url`` = ``python3 -m succ_reward.openrlhf`` prints the file's path).
- :func:`score` / :func:`score_with_reasons`: the HTTP client of `succ serve`, for scoring by task
  id (the server rebuilds the golds).

End-of-sequence tokens of chat templates (:data:`END_OF_SEQUENCE_TOKENS`) may follow the block by
default; ``strict_end=True`` refuses them.
"""

from .client import DEFAULT_URL, SuccRewardError, score, score_items, score_with_reasons
from .scoring import (
    END_OF_SEQUENCE_TOKENS,
    MAX_REPLY_LENGTH,
    SUCCESS_THRESHOLD,
    ScoringError,
    check_expected,
    format_answer,
    is_success,
    score_reply,
)
from .trainers import (
    compute_score,
    compute_score_batch,
    drop_think,
    make_openrlhf_reward,
    make_trl_reward,
    openrlhf_reward,
    reply_from_query,
    trl_reward,
)

__version__ = "0.1.0"

__all__ = [
    "DEFAULT_URL",
    "END_OF_SEQUENCE_TOKENS",
    "MAX_REPLY_LENGTH",
    "SUCCESS_THRESHOLD",
    "ScoringError",
    "SuccRewardError",
    "check_expected",
    "compute_score",
    "compute_score_batch",
    "drop_think",
    "format_answer",
    "is_success",
    "make_openrlhf_reward",
    "make_trl_reward",
    "openrlhf_reward",
    "reply_from_query",
    "score",
    "score_items",
    "score_reply",
    "score_with_reasons",
    "trl_reward",
]
