"""The HTTP client of `succ serve`, for scoring by task id (the server rebuilds the gold answers).

With the gold answer at hand (an export's ``answer`` column, verl's ``ground_truth``), score
locally with :func:`succ_reward.score_reply` instead: no server, no Node.

The server is found at ``$SUCC_URL`` (default http://127.0.0.1:8000) unless ``url=`` is given;
a bearer token, when the server asks for one (``succ serve --token-env VAR``), is read from
``$SUCC_TOKEN`` unless ``token=`` is given. It is sent in the Authorization header only, and no
error message ever holds it.

What a call guarantees:

- requests of at most ``max_items`` replies and ``max_bytes`` bytes of body (the server refuses a
  body over ``--max-body-mb``, 64 MiB by default); a 413 splits the batch in two and sends the
  halves, down to a single reply, whose 413 is then an error;
- one deadline per call (``timeout`` seconds for the whole call, retries and slow servers
  included, not per socket read);
- a connection error, a 429 or a 503 (a server busy or stopping) is retried with back-off
  while the deadline allows; any other refusal is not retried;
- the answer is checked: one finite score in [0, 1] and one reason per reply, else an error;
- every failure is a :class:`SuccRewardError` whose message is the server's one-line error (or
  what went wrong on the wire), never a bare ``KeyError`` or ``JSONDecodeError``.
"""

from __future__ import annotations

import http.client
import json
import math
import os
import socket
import threading
import time
import urllib.parse
from typing import Any, Dict, Iterator, List, Mapping, Optional, Sequence, Tuple

__all__ = ["DEFAULT_URL", "SuccRewardError", "score", "score_with_reasons", "score_items"]

DEFAULT_URL = "http://127.0.0.1:8000"
#: Replies a request at most (the server's default --max-batch is 4096).
MAX_ITEMS = 1024
#: Bytes of request body at most (the server's default --max-body-mb is 64 MiB).
MAX_BYTES = 16 * 1024 * 1024
#: Seconds a call may take, retries included.
DEFAULT_TIMEOUT = 120.0
_RETRY_STATUSES = (429, 503)


class SuccRewardError(RuntimeError):
    """A request refused by the server (its one-line error is the message), an answer that is not
    one score per reply, or a server that could not be reached before the deadline."""


class _Retry(Exception):
    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


class _TooLarge(Exception):
    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


def _base_url(url: Optional[str]) -> str:
    return (url or os.environ.get("SUCC_URL") or DEFAULT_URL).rstrip("/")


def _shown(url: str) -> str:
    """The URL as messages show it: without user, password or query (where a token could sit)."""
    parts = urllib.parse.urlsplit(url)
    host = parts.hostname or ""
    if ":" in host:
        host = f"[{host}]"
    port = f":{parts.port}" if parts.port else ""
    return f"{parts.scheme}://{host}{port}{parts.path}"


def _scrub(text: str, token: Optional[str]) -> str:
    return text.replace(token, "***") if token else text


def _error_message(status: int, body: bytes) -> str:
    text = body.decode("utf-8", "replace")
    try:
        message = json.loads(text)["error"]
        if isinstance(message, str):
            return message
    except (ValueError, KeyError, TypeError):
        pass
    return text.strip().replace("\n", " ")[:300] or f"HTTP {status}"


def _exchange(url: str, data: bytes, headers: Mapping[str, str], deadline: float) -> Tuple[int, bytes]:
    """One POST within the deadline: the whole exchange (connect, send, every byte of the answer)
    runs in a thread that the caller stops waiting for, and whose socket it shuts, at the deadline."""
    remaining = deadline - time.monotonic()
    if remaining <= 0:
        raise _Retry("no time left before the deadline")
    parts = urllib.parse.urlsplit(url)
    if parts.scheme not in ("http", "https") or not parts.hostname:
        raise SuccRewardError(f"the server URL must be http:// or https:// with a host, got {_shown(url)!r}")
    connection_type = http.client.HTTPSConnection if parts.scheme == "https" else http.client.HTTPConnection
    connection = connection_type(parts.hostname, parts.port, timeout=remaining)
    outcome: Dict[str, Any] = {}

    def run() -> None:
        try:
            target = (parts.path or "/") + (f"?{parts.query}" if parts.query else "")
            connection.request("POST", target, body=data, headers=dict(headers))
            response = connection.getresponse()
            outcome["status"] = response.status
            outcome["body"] = response.read()
        except BaseException as error:  # reported to the caller below
            outcome["error"] = error

    worker = threading.Thread(target=run, name="succ-reward-request", daemon=True)
    worker.start()
    worker.join(remaining)
    if worker.is_alive():
        sock = connection.sock
        if sock is not None:
            try:
                sock.shutdown(socket.SHUT_RDWR)
            except OSError:
                pass
        connection.close()
        worker.join(1.0)
        raise _Retry("no complete answer before the deadline")
    connection.close()
    if "error" in outcome:
        error = outcome["error"]
        if isinstance(error, (OSError, http.client.HTTPException)):
            raise _Retry(f"{type(error).__name__}: {error}")
        raise error
    return outcome["status"], outcome["body"]


def _post(url: str, body: Mapping[str, Any], token: Optional[str], deadline: float) -> Any:
    """POSTs JSON and returns the decoded answer; retries connection errors, 429 and 503 until the deadline."""
    data = json.dumps(body, ensure_ascii=False).encode("utf-8")
    headers = {"content-type": "application/json"}
    if token:
        headers["authorization"] = f"Bearer {token}"
    last = ""
    attempt = 0
    while True:
        if attempt > 0:
            pause = min(4.0, 0.25 * 2 ** (attempt - 1))
            if time.monotonic() + pause >= deadline:
                break
            time.sleep(pause)
        attempt += 1
        try:
            status, answer = _exchange(url, data, headers, deadline)
        except _Retry as retry:
            last = retry.message
            continue
        if status == 200:
            try:
                return json.loads(answer.decode("utf-8"))
            except ValueError:
                raise SuccRewardError(f"succ serve at {_shown(url)} answered HTTP 200 with a body that is not JSON: {_scrub(answer[:200].decode('utf-8', 'replace'), token)!r}") from None
        message = _scrub(_error_message(status, answer), token)
        if status == 413:
            raise _TooLarge(message)
        if status in _RETRY_STATUSES:
            last = f"HTTP {status}: {message}"
            continue
        raise SuccRewardError(f"succ serve refused the request (HTTP {status}): {message}")
    raise SuccRewardError(f"cannot reach succ serve at {_shown(url)} within the deadline: {_scrub(last, token)}")


def _batches(items: Sequence[Mapping[str, Any]], max_items: int, max_bytes: int) -> Iterator[List[Mapping[str, Any]]]:
    """Consecutive items, at most max_items and (but for a single larger item) max_bytes of JSON a batch."""
    batch: List[Mapping[str, Any]] = []
    size = 0
    for item in items:
        item_size = len(json.dumps(item, ensure_ascii=False).encode("utf-8")) + 1
        if batch and (len(batch) >= max_items or size + item_size > max_bytes):
            yield batch
            batch, size = [], 0
        batch.append(item)
        size += item_size
    if batch:
        yield batch


def _checked(answer: Any, count: int, url: str) -> Tuple[List[float], List[str]]:
    """One finite score in [0, 1] and one reason per item, else SuccRewardError."""
    where = f"succ serve at {_shown(url)}"
    if not isinstance(answer, dict) or not isinstance(answer.get("scores"), list):
        raise SuccRewardError(f"{where} answered without a list of scores")
    scores = answer["scores"]
    reasons = answer.get("reasons")
    if len(scores) != count:
        raise SuccRewardError(f"{where} answered {len(scores)} scores for {count} replies")
    if not isinstance(reasons, list) or len(reasons) != count or not all(isinstance(r, str) for r in reasons):
        raise SuccRewardError(f"{where} answered without one reason per reply")
    checked = []
    for i, s in enumerate(scores):
        if isinstance(s, bool) or not isinstance(s, (int, float)) or not math.isfinite(s) or not 0 <= s <= 1:
            raise SuccRewardError(f"{where} answered {json.dumps(s)[:40]} as the score of reply {i}, not a number in [0, 1]")
        checked.append(float(s))
    return checked, list(reasons)


def score_items(
    items: Sequence[Mapping[str, Any]],
    url: Optional[str] = None,
    *,
    all_or_nothing: Optional[bool] = None,
    trim_reply: Optional[bool] = None,
    strict_end: Optional[bool] = None,
    token: Optional[str] = None,
    timeout: float = DEFAULT_TIMEOUT,
    max_items: int = MAX_ITEMS,
    max_bytes: int = MAX_BYTES,
) -> Tuple[List[float], List[str]]:
    """POST /score items ({"reply", "id", "seed"?, "set"?, "options"?} or {"reply", "answer"}); scores and reasons in order."""
    if max_items < 1 or max_bytes < 1:
        raise ValueError("max_items and max_bytes must be at least 1")
    deadline = time.monotonic() + float(timeout)
    token = token if token is not None else os.environ.get("SUCC_TOKEN")
    endpoint = f"{_base_url(url)}/score"
    options: Dict[str, bool] = {}
    if all_or_nothing is not None:
        options["allOrNothing"] = bool(all_or_nothing)
    if trim_reply is not None:
        options["trimReply"] = bool(trim_reply)
    if strict_end is not None:
        options["strictEnd"] = bool(strict_end)
    scores: List[float] = []
    reasons: List[str] = []

    def send(batch: List[Mapping[str, Any]]) -> None:
        try:
            answer = _post(endpoint, {"items": batch, **options}, token, deadline)
        except _TooLarge as too_large:
            if len(batch) == 1:
                raise SuccRewardError(f"succ serve refused one reply as too large (HTTP 413): {too_large.message}") from None
            half = len(batch) // 2
            send(batch[:half])
            send(batch[half:])
            return
        batch_scores, batch_reasons = _checked(answer, len(batch), endpoint)
        scores.extend(batch_scores)
        reasons.extend(batch_reasons)

    for batch in _batches(items, max_items, max_bytes):
        send(batch)
    return scores, reasons


def _set_options(options: Any) -> Optional[dict]:
    """The set options of a task ({"fictionalLaw": true}), from a dict or its JSON text (an export's column); None for none."""
    if options is None:
        return None
    if isinstance(options, str):
        try:
            options = json.loads(options) if options.strip() else {}
        except ValueError:
            raise SuccRewardError(f"set options must be a dict or its JSON text, got {options[:60]!r}") from None
    if not isinstance(options, Mapping):
        raise SuccRewardError(f"set options must be a dict or its JSON text, got {type(options).__name__}")
    return dict(options) or None


def task_item(reply: str, task_id: Any, seed: Any, task_set: Any = None, options: Any = None) -> dict:
    """A /score item naming a task: the server rebuilds its gold answer."""
    try:
        item: Dict[str, Any] = {"reply": reply, "id": str(task_id), "seed": int(seed)}
    except (TypeError, ValueError):
        raise SuccRewardError(f"a task needs an id and a whole-number seed, got id {task_id!r} and seed {seed!r}") from None
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
    **options: Any,
) -> Tuple[List[float], List[str]]:
    """Like :func:`score`, and the reason of each score ("ok", "partial", "no_block", …)."""
    if (ids is None) == (answers is None):
        raise ValueError("give ids (task ids, with seed) or answers (gold answers), not both")
    keys = ids if ids is not None else answers
    assert keys is not None
    if len(keys) != len(replies):
        raise ValueError(f"{len(replies)} replies but {len(keys)} {'ids' if ids is not None else 'answers'}")
    if ids is not None:
        items = [task_item(r, i, seed, task_set, set_options) for r, i in zip(replies, ids)]
    else:
        items = [{"reply": r, "answer": _answer(a)} for r, a in zip(replies, answers or [])]
    return score_items(items, url, **options)


def _answer(answer: Any) -> Any:
    if isinstance(answer, str):
        try:
            return json.loads(answer)
        except ValueError:
            raise SuccRewardError(f"a gold answer must be a dict or its JSON text, got {answer[:60]!r}") from None
    return answer


def score(
    replies: Sequence[str],
    ids: Optional[Sequence[str]] = None,
    seed: int = 0,
    url: Optional[str] = None,
    **options: Any,
) -> List[float]:
    """One score in [0, 1] per reply, in order, from `succ serve`.

    ``ids`` are task ids ("succession-4-1") of the set drawn from ``seed``: the server rebuilds
    the gold answers. Or give ``answers=`` (gold answers, as dicts or JSON text) instead of ids.
    Options: ``task_set`` ("mix", the default, or "level-1" … "level-7"), ``set_options``
    ({"fictionalLaw": True} for the tasks of `succ generate --fictional-law`),
    ``all_or_nothing``, ``trim_reply`` (drop a leading <think>…</think>), ``strict_end`` (refuse
    end-of-sequence tokens after the block), ``token``, ``timeout`` (seconds for the whole call),
    ``max_items``, ``max_bytes``. Raises SuccRewardError on any failure.
    """
    return score_with_reasons(replies, ids, seed, url, **options)[0]
