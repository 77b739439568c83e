"""Rewards for succession-fr tasks from a running `succ serve`, with the Python standard library only.

Copy this one file next to your training script (it needs no package), start the server
(`succ serve`, see docs/serve-and-train.md), and use one of:

- ``score(replies, ids, seed=0, url=...)``: any caller; one float in [0, 1] per reply.
- ``compute_score(data_source, solution_str, ground_truth, extra_info)``: verl's signature
  (``custom_reward_function.path=succ_reward.py``), and ``compute_score_batch`` for verl's
  batch reward manager.
- ``trl_reward``: a reward function for TRL's ``GRPOTrainer(reward_funcs=[trl_reward])``.

The server is found at ``$SUCC_URL`` (default http://127.0.0.1:8000); a bearer token, when the
server asks for one (``succ serve --token-env VAR``), is read from ``$SUCC_TOKEN``.
"""

from __future__ import annotations

import json
import os
import time
import urllib.error
import urllib.request
from typing import Any, Iterable, List, Mapping, Optional, Sequence, Tuple

__all__ = [
    "DEFAULT_URL",
    "SuccRewardError",
    "score",
    "score_with_reasons",
    "compute_score",
    "compute_score_batch",
    "trl_reward",
    "make_trl_reward",
]

DEFAULT_URL = "http://127.0.0.1:8000"
# Items a request: the server's default --max-batch is 4096.
BATCH_SIZE = 1024


class SuccRewardError(RuntimeError):
    """The server refused a request (its one-line error is the message) or could not be reached."""


def _base_url(url: Optional[str]) -> str:
    return (url or os.environ.get("SUCC_URL") or DEFAULT_URL).rstrip("/")


def _post(url: str, body: Mapping[str, Any], token: Optional[str], timeout: float, attempts: int = 4) -> Any:
    """POSTs JSON; retries a connection error or a 503 (a server stopping) with back-off, never a 4xx."""
    data = json.dumps(body).encode("utf-8")
    headers = {"content-type": "application/json"}
    token = token if token is not None else os.environ.get("SUCC_TOKEN")
    if token:
        headers["authorization"] = f"Bearer {token}"
    last: Optional[str] = None
    for attempt in range(attempts):
        if attempt > 0:
            time.sleep(min(4.0, 0.25 * 2 ** (attempt - 1)))
        request = urllib.request.Request(url, data=data, headers=headers, method="POST")
        try:
            with urllib.request.urlopen(request, timeout=timeout) as response:
                return json.loads(response.read().decode("utf-8"))
        except urllib.error.HTTPError as e:
            text = e.read().decode("utf-8", "replace")
            try:
                message = json.loads(text)["error"]
            except (ValueError, KeyError, TypeError):
                message = text[:200]
            if e.code == 503:
                last = f"HTTP 503: {message}"
                continue
            raise SuccRewardError(f"succ serve refused the request (HTTP {e.code}): {message}") from None
        except (urllib.error.URLError, ConnectionError, TimeoutError) as e:
            last = str(getattr(e, "reason", e))
    raise SuccRewardError(f"cannot reach succ serve at {url}: {last}")


def _batches(items: Sequence[Any], size: int) -> Iterable[Sequence[Any]]:
    for start in range(0, len(items), size):
        yield items[start : start + size]


def _score_items(
    items: Sequence[Mapping[str, Any]],
    url: Optional[str],
    all_or_nothing: Optional[bool],
    trim_reply: Optional[bool],
    token: Optional[str],
    timeout: float,
) -> Tuple[List[float], List[str]]:
    scores: List[float] = []
    reasons: List[str] = []
    endpoint = f"{_base_url(url)}/score"
    for batch in _batches(items, BATCH_SIZE):
        body: dict = {"items": list(batch)}
        if all_or_nothing is not None:
            body["allOrNothing"] = bool(all_or_nothing)
        if trim_reply is not None:
            body["trimReply"] = bool(trim_reply)
        result = _post(endpoint, body, token, timeout)
        scores.extend(float(s) for s in result["scores"])
        reasons.extend(result["reasons"])
    return scores, reasons


def _set_options(options: Any) -> Optional[dict]:
    """The set options of a task ({"fictionalLaw": true}), from a dict or its JSON text (an export's column); None for none."""
    if options is None:
        return None
    if isinstance(options, str):
        options = json.loads(options) if options.strip() else {}
    if not isinstance(options, Mapping):
        raise SuccRewardError(f"set options must be a dict or its JSON text, got {type(options).__name__}")
    return dict(options) or None


def _task_item(reply: str, task_id: str, seed: Any, task_set: Any, options: Any = None) -> dict:
    item = {"reply": reply, "id": str(task_id), "seed": int(seed)}
    if task_set is not None:
        item["set"] = str(task_set)
    opts = _set_options(options)
    if opts is not None:
        item["options"] = opts
    return item


def score_with_reasons(
    replies: Sequence[str],
    ids: Optional[Sequence[str]] = None,
    seed: int = 0,
    url: Optional[str] = None,
    *,
    answers: Optional[Sequence[Any]] = None,
    task_set: Optional[str] = None,
    set_options: Optional[Mapping[str, Any]] = None,
    all_or_nothing: Optional[bool] = None,
    trim_reply: Optional[bool] = None,
    token: Optional[str] = None,
    timeout: float = 120.0,
) -> Tuple[List[float], List[str]]:
    """Like ``score``, and the reason of each score ("ok", "partial", "no_block", …)."""
    if (ids is None) == (answers is None):
        raise ValueError("give ids (task ids, with seed) or answers (gold answers), not both")
    keys = ids if ids is not None else answers
    assert keys is not None
    if len(keys) != len(replies):
        raise ValueError(f"{len(replies)} replies but {len(keys)} {'ids' if ids is not None else 'answers'}")
    if ids is not None:
        items = [_task_item(r, i, seed, task_set, set_options) for r, i in zip(replies, ids)]
    else:
        items = [{"reply": r, "answer": json.loads(a) if isinstance(a, str) else a} for r, a in zip(replies, answers or [])]
    return _score_items(items, url, all_or_nothing, trim_reply, token, timeout)


def score(
    replies: Sequence[str],
    ids: Optional[Sequence[str]] = None,
    seed: int = 0,
    url: Optional[str] = None,
    **options: Any,
) -> List[float]:
    """One score in [0, 1] per reply, in order.

    ``ids`` are task ids ("succession-4-1") of the set drawn from ``seed``: the server rebuilds
    the gold answers. Or give ``answers=`` (gold answers, as dicts or JSON text) instead of ids.
    Options: ``task_set`` ("mix", the default set of mixed levels, or "level-1" … "level-7",
    the set of `succ generate --level L`), ``set_options`` ({"fictionalLaw": True} for the
    tasks of `succ generate --fictional-law`),
    ``all_or_nothing``, ``trim_reply`` (drop a leading <think>…</think> and end-of-sequence
    tokens), ``token``, ``timeout``. Raises SuccRewardError when the server refuses a request.
    """
    return score_with_reasons(replies, ids, seed, url, **options)[0]


def _verl_item(solution_str: str, ground_truth: Any, extra_info: Optional[Mapping[str, Any]]) -> dict:
    """The gold answer from ground_truth (the JSON of `succ export --format verl`), else the task from extra_info."""
    if isinstance(ground_truth, Mapping):
        return {"reply": solution_str, "answer": dict(ground_truth)}
    if isinstance(ground_truth, str) and ground_truth.strip().startswith("{"):
        return {"reply": solution_str, "answer": json.loads(ground_truth)}
    info = extra_info or {}
    if "id" not in info or "seed" not in info:
        raise SuccRewardError("verl row has neither a gold answer as ground_truth nor extra_info with id and seed")
    return _task_item(solution_str, info["id"], info["seed"], info.get("set"), info.get("options"))


def compute_score(
    data_source: str,
    solution_str: str,
    ground_truth: Any,
    extra_info: Optional[Mapping[str, Any]] = None,
    *,
    url: Optional[str] = None,
    all_or_nothing: Optional[bool] = None,
    trim_reply: Optional[bool] = None,
    token: Optional[str] = None,
    timeout: float = 120.0,
    **_ignored: Any,
) -> float:
    """verl's reward function: ``custom_reward_function.path=succ_reward.py`` (name compute_score).

    Options come through ``custom_reward_function.reward_kwargs`` (url, all_or_nothing,
    trim_reply, token, timeout); other keyword arguments verl passes are ignored.
    """
    item = _verl_item(solution_str, ground_truth, extra_info)
    return _score_items([item], url, all_or_nothing, trim_reply, token, timeout)[0][0]


def compute_score_batch(
    data_sources: Sequence[str],
    solution_strs: Sequence[str],
    ground_truths: Sequence[Any],
    extra_infos: Sequence[Optional[Mapping[str, Any]]],
    *,
    url: Optional[str] = None,
    all_or_nothing: Optional[bool] = None,
    trim_reply: Optional[bool] = None,
    token: Optional[str] = None,
    timeout: float = 120.0,
    **_ignored: Any,
) -> List[float]:
    """verl's batch reward manager (``reward_model.reward_manager=batch``, name compute_score_batch): one request a batch."""
    items = [_verl_item(s, g, e) for s, g, e in zip(solution_strs, ground_truths, extra_infos)]
    return _score_items(items, url, all_or_nothing, trim_reply, token, timeout)[0]


def _completion_text(completion: Any) -> str:
    """TRL's completion: text, or (conversational) a list of messages whose assistant contents are the reply."""
    if isinstance(completion, str):
        return completion
    if isinstance(completion, list):
        return "".join(str(m.get("content", "")) for m in completion if isinstance(m, Mapping) and m.get("role", "assistant") == "assistant")
    raise SuccRewardError(f"TRL completion of unexpected type {type(completion).__name__}")


def make_trl_reward(
    url: Optional[str] = None,
    *,
    all_or_nothing: Optional[bool] = None,
    trim_reply: Optional[bool] = None,
    token: Optional[str] = None,
    timeout: float = 120.0,
):
    """A TRL reward function with these settings (TRL logs it under its name, "succ_reward")."""

    def succ_reward(completions: Sequence[Any], **kwargs: Any) -> List[float]:
        # TRL passes every dataset column but "prompt" as a list, one value per completion.
        replies = [_completion_text(c) for c in completions]
        if kwargs.get("answer") is not None:
            items = [{"reply": r, "answer": json.loads(a) if isinstance(a, str) else a} for r, a in zip(replies, kwargs["answer"])]
        elif kwargs.get("id") is not None and kwargs.get("seed") is not None:
            sets = kwargs.get("set") or [None] * len(replies)
            # The `options` column of a --fictional-law export ({"fictionalLaw":true} as JSON text).
            options = kwargs.get("options") or [None] * len(replies)
            items = [_task_item(r, i, s, t, o) for r, i, s, t, o in zip(replies, kwargs["id"], kwargs["seed"], sets, options)]
        else:
            raise SuccRewardError("the dataset needs an 'answer' column, or 'id' and 'seed' columns (succ export --format hf has them)")
        return _score_items(items, url, all_or_nothing, trim_reply, token, timeout)[0]

    return succ_reward


trl_reward = make_trl_reward()
"""TRL's ``reward_funcs=[trl_reward]`` with the default settings (server at $SUCC_URL)."""
