"""Reward functions in the shapes verl, TRL and OpenRLHF call, scoring in-process.

Each reads the gold answer from the row (verl's ``reward_model.ground_truth``, the ``answer``
column of `succ export --format hf`, OpenRLHF's label) and scores with
:func:`succ_reward.score_reply`: no server, no Node. Only a row that names a task without its
gold (an id and a seed) is sent to `succ serve`, through :mod:`succ_reward.client`.

End-of-sequence tokens after the block (``<|im_end|>``, ``</s>``, …) are allowed by default, as a
chat template leaves them; ``strict_end=True`` refuses them.
"""

from __future__ import annotations

import json
from typing import Any, Dict, List, Mapping, Optional, Sequence, Tuple

from .client import SuccRewardError, score_items, task_item
from .scoring import MAX_REPLY_LENGTH, is_success, score_reply

__all__ = [
    "compute_score",
    "compute_score_batch",
    "make_trl_reward",
    "trl_reward",
    "make_openrlhf_reward",
    "openrlhf_reward",
    "reply_from_query",
    "drop_think",
]

_THINK_OPEN = "<think>"
_THINK_CLOSE = "</think>"
_PROMPT_TAIL = 256


def drop_think(reply: str) -> str:
    """The reply without a leading ``<think>…</think>`` section, as `succ serve --trim-reply` drops it.

    The section is dropped up to the first ``</think>`` when it opens the reply (after
    whitespace only), or when no ``<think>`` precedes that ``</think>`` (templates that open the
    section in the prompt); otherwise, and for a reply over the length limit, the reply is kept.
    """
    if not isinstance(reply, str) or len(reply) > MAX_REPLY_LENGTH:
        return reply
    close = reply.find(_THINK_CLOSE)
    if close == -1:
        return reply
    open_ = reply.find(_THINK_OPEN)
    # JavaScript's trim() set, as the server applies it.
    leading = open_ != -1 and open_ < close and reply[:open_].strip("\t\n\x0b\x0c\r \xa0\u1680\u2000\u2001\u2002\u2003\u2004\u2005\u2006\u2007\u2008\u2009\u200a\u2028\u2029\u202f\u205f\u3000\ufeff") == ""
    return reply[close + len(_THINK_CLOSE) :] if open_ == -1 or open_ > close or leading else reply


def reply_from_query(query: str, prompt: str) -> Optional[str]:
    """OpenRLHF's reply: the query (prompt and response decoded together) less its prompt.

    When the query does not start with the prompt (a prompt truncated on the left), the reply
    starts after the first occurrence of the prompt's last 256 characters; None when neither is found.
    """
    if query.startswith(prompt):
        return query[len(prompt) :]
    tail = prompt[-_PROMPT_TAIL:]
    at = query.find(tail)
    return None if at == -1 else query[at + len(tail) :]


def _gold(value: Any) -> Optional[Any]:
    """A gold answer from a dict or its JSON text; None when the value is not one (a task id, say)."""
    if isinstance(value, Mapping):
        return dict(value)
    if isinstance(value, str) and value.strip().startswith("{"):
        try:
            parsed = json.loads(value)
        except ValueError:
            raise SuccRewardError(f"the gold answer is not valid JSON: {value[:80]!r}") from None
        if isinstance(parsed, dict) and "beneficiaires" in parsed:
            return parsed
    return None


class _Settings:
    def __init__(self, all_or_nothing: Optional[bool], strict_end: Optional[bool], trim_reply: Optional[bool], client: Mapping[str, Any]) -> None:
        self.all_or_nothing = bool(all_or_nothing)
        self.strict_end = bool(strict_end)
        self.trim_reply = bool(trim_reply)
        self.client = dict(client)

    def local(self, reply: Any, gold: Any) -> Tuple[float, str]:
        return score_reply(drop_think(reply) if self.trim_reply else reply, gold, self.all_or_nothing, strict_end=self.strict_end)

    def remote(self, items: List[dict]) -> Tuple[List[float], List[str]]:
        return score_items(items, all_or_nothing=self.all_or_nothing, strict_end=self.strict_end, trim_reply=self.trim_reply, **self.client)


def _score_rows(rows: Sequence[Tuple[Any, Any, Optional[dict]]], settings: _Settings) -> Tuple[List[float], List[str]]:
    """rows: (reply, gold or None, task item or None). Golds scored here, tasks in one request."""
    scores: List[float] = [0.0] * len(rows)
    reasons: List[str] = [""] * len(rows)
    remote: List[int] = []
    for i, (reply, gold, item) in enumerate(rows):
        if gold is not None:
            scores[i], reasons[i] = settings.local(reply, gold)
        else:
            remote.append(i)
    if remote:
        items = [rows[i][2] for i in remote]
        got_scores, got_reasons = settings.remote([it for it in items if it is not None])
        for k, i in enumerate(remote):
            scores[i], reasons[i] = got_scores[k], got_reasons[k]
    return scores, reasons


def _client_options(url: Optional[str], token: Optional[str], timeout: Optional[float]) -> Dict[str, Any]:
    options: Dict[str, Any] = {"url": url, "token": token}
    if timeout is not None:
        options["timeout"] = timeout
    return options


def _verl_row(solution_str: Any, ground_truth: Any, extra_info: Optional[Mapping[str, Any]]) -> Tuple[Any, Any, Optional[dict]]:
    gold = _gold(ground_truth)
    if gold is not None:
        return solution_str, gold, None
    info = extra_info or {}
    if "id" not in info or "seed" not in info:
        raise SuccRewardError("verl row has neither a gold answer as ground_truth nor extra_info with id and seed")
    return solution_str, None, task_item(solution_str, info["id"], info["seed"], info.get("set"), info.get("options"))


def compute_score(
    data_source: str,
    solution_str: str,
    ground_truth: Any,
    extra_info: Optional[Mapping[str, Any]] = None,
    *,
    all_or_nothing: Optional[bool] = None,
    strict_end: Optional[bool] = None,
    trim_reply: Optional[bool] = None,
    url: Optional[str] = None,
    token: Optional[str] = None,
    timeout: Optional[float] = None,
    **_ignored: Any,
) -> float:
    """verl's reward function (``custom_reward_function.path`` = this package's ``verl.py``, name compute_score).

    Scores ``solution_str`` against ``ground_truth`` (the gold answer's JSON, as `succ export
    --format verl` writes it) in-process. A row whose ground truth is not a gold answer is scored
    by `succ serve` from ``extra_info``'s id, seed and set. Options come through verl's
    ``custom_reward_function.reward_kwargs``; other keyword arguments verl passes are ignored.
    """
    settings = _Settings(all_or_nothing, strict_end, trim_reply, _client_options(url, token, timeout))
    return _score_rows([_verl_row(solution_str, ground_truth, extra_info)], settings)[0][0]


def compute_score_batch(
    data_sources: Sequence[str],
    solution_strs: Sequence[str],
    ground_truths: Sequence[Any],
    extra_infos: Sequence[Optional[Mapping[str, Any]]],
    *,
    all_or_nothing: Optional[bool] = None,
    strict_end: Optional[bool] = None,
    trim_reply: Optional[bool] = None,
    url: Optional[str] = None,
    token: Optional[str] = None,
    timeout: Optional[float] = None,
    **_ignored: Any,
) -> List[float]:
    """verl's batch reward manager (``reward_manager.name=batch``, name compute_score_batch)."""
    settings = _Settings(all_or_nothing, strict_end, trim_reply, _client_options(url, token, timeout))
    rows = [_verl_row(s, g, e) for s, g, e in zip(solution_strs, ground_truths, extra_infos)]
    return _score_rows(rows, settings)[0]


def _completion_text(completion: Any) -> str:
    """TRL's completion: text, or (conversational) a list of messages whose assistant contents are the reply."""
    if isinstance(completion, str):
        return completion
    if isinstance(completion, list):
        return "".join(str(m.get("content", "")) for m in completion if isinstance(m, Mapping) and m.get("role", "assistant") == "assistant")
    raise SuccRewardError(f"TRL completion of unexpected type {type(completion).__name__}")


def make_trl_reward(
    *,
    all_or_nothing: Optional[bool] = None,
    strict_end: Optional[bool] = None,
    trim_reply: Optional[bool] = None,
    url: Optional[str] = None,
    token: Optional[str] = None,
    timeout: Optional[float] = None,
):
    """A TRL reward function with these settings (TRL logs it under its name, "succ_reward")."""
    settings = _Settings(all_or_nothing, strict_end, trim_reply, _client_options(url, token, timeout))

    def succ_reward(completions: Sequence[Any], **kwargs: Any) -> List[float]:
        # TRL passes every dataset column but "prompt" as a list, one value per completion.
        replies = [_completion_text(c) for c in completions]
        n = len(replies)
        answers = kwargs.get("answer")
        ids, seeds = kwargs.get("id"), kwargs.get("seed")
        sets = kwargs.get("set") or [None] * n
        options = kwargs.get("options") or [None] * n
        if answers is None and (ids is None or seeds is None):
            raise SuccRewardError("the dataset needs an 'answer' column, or 'id' and 'seed' columns (succ export --format hf has them)")
        rows = []
        for i, reply in enumerate(replies):
            gold = _gold(answers[i]) if answers is not None else None
            if gold is not None:
                rows.append((reply, gold, None))
            elif ids is not None and seeds is not None:
                rows.append((reply, None, task_item(reply, ids[i], seeds[i], sets[i], options[i])))
            else:
                raise SuccRewardError(f"row {i}: the 'answer' column holds no gold answer ({str(answers[i])[:60]!r}) and there are no 'id' and 'seed' columns")
        return _score_rows(rows, settings)[0]

    return succ_reward


trl_reward = make_trl_reward()
"""TRL's ``reward_funcs=[trl_reward]`` with the default settings (gold from the ``answer`` column)."""


def _label_row(reply: Any, label: Any, seed: int, task_set: Optional[str]) -> Tuple[Any, Any, Optional[dict]]:
    """An OpenRLHF label: a gold answer (JSON text or dict), or a task: an id, or {"id", "seed"?, "set"?, "options"?}."""
    gold = _gold(label)
    if gold is not None:
        return reply, gold, None
    if isinstance(label, str) and label.strip() and not label.strip().startswith("{"):
        return reply, None, task_item(reply, label.strip(), seed, task_set)
    ref = label
    if isinstance(label, str):
        try:
            ref = json.loads(label) if label.strip() else None
        except ValueError:
            ref = None
    if isinstance(ref, Mapping) and "id" in ref:
        return reply, None, task_item(reply, ref["id"], ref.get("seed", seed), ref.get("set", task_set), ref.get("options"))
    raise SuccRewardError(f"OpenRLHF label is neither a gold answer nor a task ({str(label)[:60]!r}): run with --data.label_key answer")


def make_openrlhf_reward(
    *,
    all_or_nothing: Optional[bool] = None,
    strict_end: Optional[bool] = None,
    trim_reply: Optional[bool] = None,
    seed: int = 0,
    task_set: Optional[str] = None,
    url: Optional[str] = None,
    token: Optional[str] = None,
    timeout: Optional[float] = None,
):
    """OpenRLHF's ``reward_func(queries, prompts, labels, **kwargs)`` with these settings.

    The reply is each query less its prompt; the label is the gold answer (the ``answer`` column:
    ``--data.label_key answer``), scored here, or a task id of the set ``seed``/``task_set``
    scored by `succ serve`. Returns ``{"rewards", "scores", "extra_logs"}`` as OpenRLHF reads it,
    lists of one number per query (``succ_all_right`` and ``succ_well_formed`` logged).
    """
    settings = _Settings(all_or_nothing, strict_end, trim_reply, _client_options(url, token, timeout))

    def reward_func(queries: Sequence[str], prompts: Sequence[str], labels: Sequence[Any], **kwargs: Any) -> dict:
        if not len(queries) == len(prompts) == len(labels):
            raise SuccRewardError(f"queries, prompts and labels must have one length, got {len(queries)}, {len(prompts)} and {len(labels)}")
        rows = []
        found = []
        for i, (query, prompt, label) in enumerate(zip(queries, prompts, labels)):
            reply = reply_from_query(query, prompt)
            if reply is not None:
                rows.append(_label_row(reply, label, seed, task_set))
                found.append(i)
        scores = [0.0] * len(queries)
        reasons = ["prompt_not_in_query"] * len(queries)
        for i, score, reason in zip(found, *_score_rows(rows, settings)):
            scores[i], reasons[i] = score, reason
        all_right = [1.0 if is_success(s) else 0.0 for s in scores]
        well_formed = [1.0 if r in ("ok", "partial", "wrong", "not_all_right") or r.startswith("zero_field_wrong") else 0.0 for r in reasons]
        return {"rewards": scores, "scores": list(scores), "extra_logs": {"succ_all_right": all_right, "succ_well_formed": well_formed}}

    return reward_func


openrlhf_reward = make_openrlhf_reward()
"""OpenRLHF's reward function with the default settings (labels carrying the gold answers)."""
