"""The scorer of @succ/scoring in Python: the same rules, the same reasons, the same limits.

``score_reply(reply, answer)`` gives ``(score, reason)`` exactly as ``scoreReply`` of the
TypeScript package gives ``{score, reason}`` (a test feeds both the hostile corpus and over
100,000 replies of every level and requires the same pair for each). The rules are written down
in packages/scoring/README.md ("The rules, exactly"); the comments here say where Python needs
care to read a reply as JavaScript does:

- lengths are UTF-16 code units, as JavaScript's ``string.length`` counts them (an emoji is 2);
- "whitespace" after the block is ``String.prototype.trimEnd``'s set, not ``str.isspace``'s;
- digits are ASCII only (``str.isdigit`` would take "٣");
- a string is decoded by ``json.decoder.scanstring`` (C, strict), which accepts exactly the
  escapes of RFC 8259 and refuses raw control characters, as the TypeScript parser does;
- surrogates are paired as JavaScript would see them (a string that arrives with a high and a
  low surrogate as two code points is the same string as the one character they encode);
- the keys of a gold answer are taken in JavaScript's ``Object.keys`` order (integer-like keys
  first, ascending), which decides which of two faults is reported.

Standard library only; never raises on a reply.
"""

from __future__ import annotations

import json
import math
import re
from json.decoder import scanstring as _scanstring
from typing import Any, Dict, List, Mapping, Optional, Sequence, Tuple

__all__ = [
    "END_OF_SEQUENCE_TOKENS",
    "MAX_REPLY_LENGTH",
    "SUCCESS_THRESHOLD",
    "ScoringError",
    "check_expected",
    "format_answer",
    "is_success",
    "score_reply",
]

MAX_REPLY_LENGTH = 200_000
OPEN_TAG = "<droits>"
CLOSE_TAG = "</droits>"

#: The end-of-sequence and end-of-turn tokens of common chat templates that may follow the block
#: (unless ``strict_end``): @succ/scoring's END_OF_SEQUENCE_TOKENS, in the same order.
END_OF_SEQUENCE_TOKENS: Tuple[str, ...] = (
    "<|im_end|>",  # ChatML: Qwen, Yi, many fine-tunes
    "<|endoftext|>",  # GPT-2, Qwen base models, Phi-2, GPT-NeoX, StarCoder
    "</s>",  # Llama 2, Mistral, Mixtral
    "<|eot_id|>",  # Llama 3: end of turn
    "<|eom_id|>",  # Llama 3.1: end of message
    "<|end_of_text|>",  # Llama 3: end of sequence
    "<end_of_turn>",  # Gemma
    "<eos>",  # Gemma: end of sequence
    "<|end|>",  # Phi-3, gpt-oss
    "<|return|>",  # gpt-oss: end of the final message
    "<\uff5cend\u2581of\u2581sentence\uff5c>",  # DeepSeek V2, V3, R1
    "<|END_OF_TURN_TOKEN|>",  # Cohere Command R
)

#: A score at or above it is a success (every field right): partial credit is capped at 0.45.
SUCCESS_THRESHOLD = 0.99

MAX_DEPTH = 64
MAX_TOKENS = 2_000
MAX_INTEGER_DIGITS = 12
MAX_FRACTION_DIGITS = 12
MAX_EXPONENT = 30
LIMIT_INTEGER = "1000000000"
MAX_NUMBER_TEXT_LENGTH = 40
MAX_STRING_AMOUNT_LENGTH = 40
MAX_EUROS = 1_000_000_000
MAX_ID_LENGTH = 64
PLAIN_KEY_MAX = 32

#: Partial credit weights in tenths (part_taxable 0.4, droits 0.6, the art. 990 I levy 0.6).
WEIGHT = {"part_taxable": 4, "droits": 6, "prelevement_990I": 6}
CAP_PERCENT = 45
LINE_KEYS = ("part_taxable", "droits")
LINE_KEYS_WITH_LEVY = ("part_taxable", "droits", "prelevement_990I")
LEVY_KEY = "prelevement_990I"
ROOT_KEYS = ("beneficiaires", "total_droits")

# String.prototype.trim's whitespace: WhiteSpace and LineTerminator of ECMAScript.
_JS_SPACE_CLASS = "\t\n\x0b\x0c\r \xa0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\ufeff"
_ALL_JS_SPACE = re.compile(f"[{_JS_SPACE_CLASS}]*")
_JSON_SPACE = re.compile(r"[ \t\n\r]*")
_DIGITS = re.compile(r"[0-9]*")
# A run of array items, each followed by a comma, that are valid JSON a parser reads one token at
# a time: numbers, literals, strings without escapes and, where one more level is allowed, empty
# arrays and objects. Read here in one native call (see _Parser.array); at most 2,001 of them,
# enough to know the token limit is passed.
# Runs are bounded (40 digits, 256 characters a string) so that a failed match backtracks a few
# steps, never along a 200,000-character run, which the token-by-token path then reads natively.
_SIMPLE_ITEM = r'-?(?:0|[1-9][0-9]{0,40})(?:\.[0-9]{1,40})?(?:[eE][+-]?[0-9]{1,40})?|true|false|null|"[^"\\\x00-\x1f]{0,256}"'
_SIMPLE_ITEMS = re.compile(rf"(?:[ \t\n\r]*(?:{_SIMPLE_ITEM})[ \t\n\r]*,){{1,2001}}")
_SIMPLE_OR_EMPTY_ITEMS = re.compile(rf"(?:[ \t\n\r]*(?:{_SIMPLE_ITEM}|\[[ \t\n\r]*\]|\{{[ \t\n\r]*\}})[ \t\n\r]*,){{1,2001}}")
_SURROGATE = re.compile("[\ud800-\udfff]")
_PLAIN_KEY = re.compile(r"[0-9A-Za-z_-]+")
_ID = re.compile(r"[0-9A-Za-z_-]{1,64}")
_ARRAY_INDEX = re.compile(r"0|[1-9][0-9]*")


class ScoringError(Exception):
    """A malformed gold answer ("bad_expected") or a bug of the scorer ("internal")."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code


class _Reject(Exception):
    """Why a reply is rejected; caught at the scorer's boundary."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


# --- JavaScript's view of a string -------------------------------------------------------------


def _utf16(text: str) -> bytes:
    return text.encode("utf-16-le", "surrogatepass")


def _utf16_length(text: str) -> int:
    """``text.length`` in JavaScript: UTF-16 code units."""
    if text.isascii():
        return len(text)
    return len(_utf16(text)) // 2


def _paired(text: str) -> str:
    """The string JavaScript would hold: a high and a low surrogate side by side are one character."""
    if text.isascii() or _SURROGATE.search(text) is None:
        return text
    return _utf16(text).decode("utf-16-le", "surrogatepass")


def _utf16_prefix(text: str, units: int) -> str:
    """``text.slice(0, units)`` in JavaScript (a pair cut in two leaves a lone surrogate)."""
    return _utf16(text[:units])[: 2 * units].decode("utf-16-le", "surrogatepass")


def _js_stringify(text: str) -> str:
    """``JSON.stringify(text)``: lone surrogates as ``\\udxxx``, control characters escaped."""
    out = json.dumps(text, ensure_ascii=False)
    if _SURROGATE.search(out) is None:
        return out
    return _SURROGATE.sub(lambda m: "\\u%04x" % ord(m.group()), out)


def _js_number(x: float) -> str:
    """``String(x)`` for a JavaScript number (Number::toString: shortest digits, exponent past 1e21 or under 1e-6)."""
    if math.isnan(x):
        return "NaN"
    if math.isinf(x):
        return "Infinity" if x > 0 else "-Infinity"
    if x == 0:
        return "0"
    sign = "-" if x < 0 else ""
    text = repr(abs(x))
    mantissa, _, exp = text.partition("e")
    whole, _, frac = mantissa.partition(".")
    digits = (whole + frac).lstrip("0")
    n = len(whole) + (int(exp) if exp else 0)  # value = 0.digits × 10^n, before stripping zeros
    n -= len(whole + frac) - len((whole + frac).lstrip("0"))
    digits = digits.rstrip("0") or "0"
    k = len(digits)
    if k <= n <= 21:
        return sign + digits + "0" * (n - k)
    if 0 < n <= 21:
        return sign + digits[:n] + "." + digits[n:]
    if -6 < n <= 0:
        return sign + "0." + "0" * (-n) + digits
    e = n - 1
    exponent = ("+" if e >= 0 else "-") + str(abs(e))
    return sign + (digits if k == 1 else digits[0] + "." + digits[1:]) + "e" + exponent


def _js_string(value: Any) -> str:
    """``String(value)`` for the values JSON can hold."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, float):
        return _js_number(value)
    if isinstance(value, str):
        return value
    if isinstance(value, (list, tuple)):
        return ",".join("" if v is None else _js_string(v) for v in value)
    return "[object Object]"


def _js_keys(record: Mapping[Any, Any]) -> List[Any]:
    """``Object.keys`` order: array-index keys first, ascending, then the others as inserted."""
    indices = []
    others = []
    for key in record.keys():
        text = key if isinstance(key, str) else str(key)
        if _ARRAY_INDEX.fullmatch(text) and int(text) < 2**32 - 1:
            indices.append((int(text), key))
        else:
            others.append(key)
    if not indices:
        return others
    return [k for _, k in sorted(indices, key=lambda p: p[0])] + others


# --- The gold answer ---------------------------------------------------------------------------


class _Gold:
    __slots__ = ("ids", "keys", "euros", "total")

    def __init__(self, ids: List[str], keys: List[Tuple[str, ...]], euros: List[List[int]], total: int) -> None:
        self.ids = ids
        self.keys = keys
        self.euros = euros
        self.total = total


def _fail(message: str) -> None:
    raise ScoringError("bad_expected", message)


def _is_record(value: Any) -> bool:
    return isinstance(value, Mapping)


def _check_keys(own: Sequence[Any], keys: Sequence[str], where: str) -> None:
    for key in own:
        if key not in keys:
            _fail(f"{where}: unexpected key {_js_stringify(str(key))}")
    for key in keys:
        if key not in own:
            _fail(f"{where}: missing key {_js_stringify(key)}")


def _check_euros(value: Any, where: str, key: Optional[str] = None) -> int:
    ok = (
        not isinstance(value, bool)
        and isinstance(value, (int, float))
        and (isinstance(value, int) or (math.isfinite(value) and value.is_integer()))
        and 0 <= value <= MAX_EUROS
    )
    if not ok:
        name = where if key is None else f"{where}.{key}"
        _fail(f"{name} must be a whole number of euros in [0, {MAX_EUROS}], got {_js_string(value)}")
    return int(value)


def _read_gold(expected: Any) -> _Gold:
    try:
        if not _is_record(expected):
            _fail("expected answer must be an object")
        _check_keys(_js_keys(expected), ROOT_KEYS, "expected")
        beneficiaries = expected["beneficiaires"]
        if not _is_record(beneficiaries):
            _fail("expected.beneficiaires must be an object")
        ids = _js_keys(beneficiaries)
        if not ids:
            _fail("expected.beneficiaires is empty")
        keys: List[Tuple[str, ...]] = []
        euros: List[List[int]] = []
        total_sum = 0
        for id_ in ids:
            if not (isinstance(id_, str) and _ID.fullmatch(id_)):
                shown = id_ if isinstance(id_, str) else str(id_)
                _fail(f"beneficiary id {_js_stringify(_utf16_prefix(shown, MAX_ID_LENGTH))} is not 1-64 characters of [A-Za-z0-9_-]")
            entry = beneficiaries[id_]
            if not _is_record(entry):
                _fail(f"expected.beneficiaires.{id_} must be an object")
            own = _js_keys(entry)
            line_keys = LINE_KEYS_WITH_LEVY if LEVY_KEY in own else LINE_KEYS
            _check_keys(own, line_keys, f"expected.beneficiaires.{id_}")
            line = [_check_euros(entry[key], id_, key) for key in line_keys]
            keys.append(line_keys)
            euros.append(line)
            total_sum += line[1]
        total = _check_euros(expected["total_droits"], "total_droits")
        if total != total_sum:
            _fail(f"total_droits {total} is not the sum of droits {total_sum}")
        return _Gold(list(ids), keys, euros, total)
    except ScoringError:
        raise
    except Exception as error:  # a mapping whose reads fail is an unreadable gold answer
        raise ScoringError("bad_expected", f"expected answer cannot be read: {error}") from error


def check_expected(expected: Any) -> None:
    """Raises ScoringError("bad_expected") unless ``expected`` is a well-formed gold answer."""
    _read_gold(expected)


def format_answer(expected: Any) -> str:
    """The ``<droits>{…}</droits>`` block of a gold answer, on one line, as @succ/scoring's formatAnswer writes it."""
    gold = _read_gold(expected)
    lines = []
    for i, id_ in enumerate(gold.ids):
        amounts = ", ".join(f"{json.dumps(key)}: {gold.euros[i][k]}" for k, key in enumerate(gold.keys[i]))
        lines.append(f"{json.dumps(id_)}: {{{amounts}}}")
    return f'{OPEN_TAG}{{"beneficiaires": {{{", ".join(lines)}}}, "total_droits": {gold.total}}}{CLOSE_TAG}'


# --- The block ---------------------------------------------------------------------------------


def _is_end_of_reply(tail: str, strict_end: bool) -> bool:
    """Only whitespace and (unless strict_end) end-of-sequence tokens, each read as a space."""
    if _ALL_JS_SPACE.fullmatch(tail):
        return True
    if strict_end:
        return False
    for token in END_OF_SEQUENCE_TOKENS:
        tail = tail.replace(token, " ")
    return _ALL_JS_SPACE.fullmatch(tail) is not None


def _extract_block(reply: str, strict_end: bool) -> str:
    n = len(reply)
    # JavaScript counts UTF-16 units: at least len(reply), at most twice as many.
    if n > MAX_REPLY_LENGTH or (2 * n > MAX_REPLY_LENGTH and _utf16_length(reply) > MAX_REPLY_LENGTH):
        raise _Reject("too_long")
    open_at = reply.find(OPEN_TAG)
    if open_at < 0:
        raise _Reject("no_block")
    if reply.find(OPEN_TAG, open_at + len(OPEN_TAG)) >= 0:
        raise _Reject("several_blocks")
    close_at = reply.find(CLOSE_TAG)
    if close_at >= 0 and reply.find(CLOSE_TAG, close_at + len(CLOSE_TAG)) >= 0:
        raise _Reject("several_closing_tags")
    if close_at < open_at:
        raise _Reject("unclosed_block")
    end = close_at + len(CLOSE_TAG)
    if end < n and not _is_end_of_reply(reply[end:], strict_end):
        raise _Reject("text_after_block")
    return reply[open_at + len(OPEN_TAG) : close_at]


# --- The strict JSON parser --------------------------------------------------------------------
# Values: ("object", dict) ("array", list) ("string", str) ("number", text) ("literal", None).


def _is_digit(c: str) -> bool:
    return "0" <= c <= "9" and len(c) == 1


_STARTS_VALUE = set('{["-0123456789tfn')


class _Parser:
    __slots__ = ("text", "pos", "tokens")

    def __init__(self, text: str) -> None:
        self.text = text
        self.pos = 0
        self.tokens = 0

    def char(self) -> str:
        """The character at pos, "" past the end (matches no case, like charCodeAt's NaN)."""
        return self.text[self.pos : self.pos + 1]

    def skip_whitespace(self) -> None:
        self.pos = _JSON_SPACE.match(self.text, self.pos).end()

    def count_token(self) -> None:
        self.tokens += 1
        if self.tokens > MAX_TOKENS:
            raise _Reject("too_many_tokens")

    def document(self) -> Tuple[str, Any]:
        value = self.value(1)
        self.skip_whitespace()
        if self.pos < len(self.text):
            raise _Reject("several_json_values" if self.char() in _STARTS_VALUE else "invalid_json")
        return value

    def value(self, depth: int) -> Tuple[str, Any]:
        self.skip_whitespace()
        self.count_token()
        c = self.char()
        if c == "{":
            return self.object(depth)
        if c == "[":
            return self.array(depth)
        if c == '"':
            return ("string", self.string())
        if c == "t":
            return self.literal("true")
        if c == "f":
            return self.literal("false")
        if c == "n":
            return self.literal("null")
        if c == "-" or _is_digit(c):
            return ("number", self.number())
        raise _Reject("invalid_json")

    def literal(self, word: str) -> Tuple[str, Any]:
        if not self.text.startswith(word, self.pos):
            raise _Reject("invalid_json")
        self.pos += len(word)
        return ("literal", word)

    def expect(self, c: str) -> None:
        self.skip_whitespace()
        if self.char() != c:
            raise _Reject("invalid_json")
        self.pos += 1

    def object(self, depth: int) -> Tuple[str, Any]:
        if depth > MAX_DEPTH:
            raise _Reject("too_deep")
        self.pos += 1
        entries: Dict[str, Tuple[str, Any]] = {}
        self.skip_whitespace()
        if self.char() == "}":
            self.pos += 1
            return ("object", entries)
        while True:
            # A key without escapes and a simple value, followed by a comma, cannot fail but for
            # the token limit and a duplicate: read in one match, checked in the same order.
            pair = _SIMPLE_PAIR.match(self.text, self.pos)
            if pair is not None:
                self.count_token()
                key = _paired(pair.group(1))
                if key in entries:
                    raise _Reject(f"duplicate_key: {_display_key(key)}")
                self.count_token()
                text = pair.group(2)
                first = text[0]
                entries[key] = ("string", text[1:-1]) if first == '"' else ("literal", text) if first in "tfn" else ("number", text)
                self.pos = pair.end()
                continue
            self.skip_whitespace()
            if self.char() != '"':
                raise _Reject("invalid_json")
            self.count_token()
            key = self.string()
            if key in entries:
                raise _Reject(f"duplicate_key: {_display_key(key)}")
            self.expect(":")
            entries[key] = self.value(depth + 1)
            self.skip_whitespace()
            c = self.char()
            self.pos += 1
            if c == "}":
                return ("object", entries)
            if c != ",":
                raise _Reject("invalid_json")

    def array(self, depth: int) -> Tuple[str, Any]:
        if depth > MAX_DEPTH:
            raise _Reject("too_deep")
        self.pos += 1
        items: List[Tuple[str, Any]] = []
        self.skip_whitespace()
        if self.char() == "]":
            self.pos += 1
            return ("array", items)
        while True:
            # Simple items followed by commas count one token each and cannot fail otherwise: a
            # flood of them ([0,0,0,…], ["a","a",…], [[],[],…]) is counted in one match, not
            # parsed item by item. What they hold is never read (an array is never an amount
            # nor an object).
            run = (_SIMPLE_OR_EMPTY_ITEMS if depth + 1 <= MAX_DEPTH else _SIMPLE_ITEMS).match(self.text, self.pos)
            if run is not None:
                self.tokens += _count_items(run.group())
                if self.tokens > MAX_TOKENS:
                    raise _Reject("too_many_tokens")
                self.pos = run.end()
            items.append(self.value(depth + 1))
            self.skip_whitespace()
            c = self.char()
            self.pos += 1
            if c == "]":
                return ("array", items)
            if c != ",":
                raise _Reject("invalid_json")

    def string(self) -> str:
        """At an opening quote: the decoded string (scanstring: RFC 8259's escapes, no raw control character)."""
        try:
            value, end = _scanstring(self.text, self.pos + 1, True)
        except ValueError:
            raise _Reject("invalid_json") from None
        self.pos = end
        return _paired(value)

    def number(self) -> str:
        """-?(0|[1-9][0-9]*)(\\.[0-9]+)?([eE][+-]?[0-9]+)?, kept as text; the same faults as the TypeScript reader."""
        text = self.text
        start = pos = self.pos
        if text[pos : pos + 1] == "-":
            pos += 1
        first = text[pos : pos + 1]
        if first == "0":
            pos += 1
            if _is_digit(text[pos : pos + 1]):
                raise _Reject("invalid_json")
        elif _is_digit(first):
            pos = _DIGITS.match(text, pos).end()
        else:
            raise _Reject("invalid_json")
        if text[pos : pos + 1] == ".":
            pos += 1
            if not _is_digit(text[pos : pos + 1]):
                raise _Reject("invalid_json")
            pos = _DIGITS.match(text, pos).end()
        if text[pos : pos + 1] in ("e", "E"):
            pos += 1
            if text[pos : pos + 1] in ("+", "-"):
                pos += 1
            if not _is_digit(text[pos : pos + 1]):
                raise _Reject("invalid_json")
            pos = _DIGITS.match(text, pos).end()
        self.pos = pos
        return text[start:pos]


# One key and a simple value followed by a comma (see _Parser.object).
_SIMPLE_PAIR = re.compile(rf'[ \t\n\r]*"([^"\\\x00-\x1f]{{0,256}})"[ \t\n\r]*:[ \t\n\r]*({_SIMPLE_ITEM})[ \t\n\r]*,')
_ITEM_END = re.compile(rf"(?:{_SIMPLE_ITEM}|\[[ \t\n\r]*\]|\{{[ \t\n\r]*\}})[ \t\n\r]*,")


def _count_items(run: str) -> int:
    """Items in a run of _SIMPLE_ITEMS: its commas, but for those inside its strings."""
    return run.count(",") if '"' not in run else len(_ITEM_END.findall(run))


def _display_key(key: str) -> str:
    """A key as a reason shows it: plain short keys as they are, others quoted and cut to 32 UTF-16 units."""
    if 0 < len(key) <= PLAIN_KEY_MAX and _PLAIN_KEY.fullmatch(key):
        return key
    cut = len(key) > PLAIN_KEY_MAX or _utf16_length(key) > PLAIN_KEY_MAX
    return _js_stringify(_utf16_prefix(key, PLAIN_KEY_MAX) if cut else key) + ("…" if cut else "")


# --- Amounts -----------------------------------------------------------------------------------

# (negative, integer, cents)
_Amount = Tuple[bool, str, str]


def _read_amount(value: Tuple[str, Any]) -> Optional[_Amount]:
    kind, payload = value
    if kind == "number":
        return _read_number_text(payload)
    if kind == "string":
        return _read_amount_string(payload)
    return None


def _read_number_text(text: str) -> Optional[_Amount]:
    if len(text) > MAX_NUMBER_TEXT_LENGTH:
        return None
    pos = 0
    negative = text[:1] == "-"
    if negative:
        pos = 1
    int_start = pos
    pos = _DIGITS.match(text, pos).end()
    integer = text[int_start:pos]
    fraction = ""
    if text[pos : pos + 1] == ".":
        pos += 1
        frac_start = pos
        pos = _DIGITS.match(text, pos).end()
        fraction = text[frac_start:pos]
    exponent = 0
    if pos < len(text):
        pos += 1  # e or E
        sign = text[pos : pos + 1]
        exp_negative = sign == "-"
        if sign in ("+", "-"):
            pos += 1
        while text[pos : pos + 1] == "0" and pos < len(text) - 1:
            pos += 1
        digits = text[pos:]
        if len(digits) > 2:
            return None
        exponent = int(digits)
        if exponent > MAX_EXPONENT:
            return None
        if exp_negative:
            exponent = -exponent
    return _normalize(negative, integer, fraction, exponent)


def _is_group_separator(c: str) -> bool:
    return c in (" ", "\xa0", "\u202f")


def _read_amount_string(s: str) -> Optional[_Amount]:
    if len(s) == 0 or len(s) > MAX_STRING_AMOUNT_LENGTH:
        return None
    n = len(s)
    pos = 0
    negative = s[0] == "-"
    if negative:
        pos = 1
    integer = ""
    group_length = 0
    grouped = False
    while pos < n:
        c = s[pos]
        if _is_digit(c):
            integer += c
            group_length += 1
        elif _is_group_separator(c) and _is_digit(s[pos + 1 : pos + 2]):
            if (group_length != 3) if grouped else (group_length == 0 or group_length > 3):
                return None
            grouped = True
            group_length = 0
        else:
            break
        pos += 1
    if len(integer) == 0:
        return None
    if grouped and group_length != 3:
        return None
    if len(integer) > 1 and integer[0] == "0":
        return None
    fraction = ""
    if s[pos : pos + 1] in (".", ","):
        pos += 1
        start = pos
        pos = _DIGITS.match(s, pos).end()
        fraction = s[start:pos]
        if len(fraction) == 0 or len(fraction) > 2:
            return None
    if _is_group_separator(s[pos : pos + 1]) and s[pos + 1 : pos + 2] == "\u20ac":
        pos += 2
    elif s[pos : pos + 1] == "\u20ac":
        pos += 1
    if pos != n:
        return None
    return _normalize(negative, integer, fraction, 0)


def _normalize(negative: bool, integer: str, fraction: str, exponent: int) -> Optional[_Amount]:
    if len(integer) > MAX_INTEGER_DIGITS or len(fraction) > MAX_FRACTION_DIGITS:
        return None
    digits = integer + fraction
    point = len(integer) + exponent
    if point <= 0:
        whole = "0"
        decimals = "0" * (-point) + digits
    elif point >= len(digits):
        whole = digits + "0" * (point - len(digits))
        decimals = ""
    else:
        whole = digits[:point]
        decimals = digits[point:]
    if decimals[2:].strip("0"):
        return None
    cents = (decimals + "00")[:2]
    whole = whole.lstrip("0") or "0"
    if len(whole) > len(LIMIT_INTEGER):
        return None
    if len(whole) == len(LIMIT_INTEGER) and (whole > LIMIT_INTEGER or cents != "00"):
        return None
    zero = whole == "0" and cents == "00"
    return (negative and not zero, whole, cents)


# --- The score ---------------------------------------------------------------------------------


def _entries(value: Optional[Tuple[str, Any]], where: str) -> Dict[str, Tuple[str, Any]]:
    if value is None or value[0] != "object":
        raise _Reject(f"not_an_object: {where}" if where else "not_an_object")
    return value[1]


def _check_exact_keys(entries: Mapping[str, Any], keys: Sequence[str], prefix: str) -> None:
    for key in entries:
        if key not in keys:
            raise _Reject(f"unknown_key: {prefix}{_display_key(key)}")
    for key in keys:
        if key not in entries:
            raise _Reject(f"missing_key: {prefix}{key}")


def _amount_of(value: Optional[Tuple[str, Any]], field: str) -> _Amount:
    amount = None if value is None else _read_amount(value)
    if amount is None:
        raise _Reject(f"bad_amount: {field}")
    return amount


def _read_fields(reply: str, gold: _Gold, strict_end: bool) -> List[Tuple[str, str, int, _Amount]]:
    root = _entries(_Parser(_extract_block(reply, strict_end)).document(), "")
    _check_exact_keys(root, ROOT_KEYS, "")
    beneficiaries = _entries(root.get("beneficiaires"), "beneficiaires")
    _check_exact_keys(beneficiaries, gold.ids, "")
    entries = []
    for i, id_ in enumerate(gold.ids):
        entry = _entries(beneficiaries.get(id_), id_)
        _check_exact_keys(entry, gold.keys[i], f"{id_}.")
        entries.append(entry)
    fields = []
    for i, id_ in enumerate(gold.ids):
        for k, key in enumerate(gold.keys[i]):
            name = f"{id_}.{key}"
            fields.append((name, str(gold.euros[i][k]), WEIGHT[key], _amount_of(entries[i].get(key), name)))
    fields.append(("total_droits", str(gold.total), 0, _amount_of(root.get("total_droits"), "total_droits")))
    return fields


def _score_against(reply: Any, gold: _Gold, all_or_nothing: bool, strict_end: bool) -> Tuple[float, str]:
    if not isinstance(reply, str):
        return 0.0, "not_a_string"
    try:
        fields = _read_fields(_paired(reply), gold, strict_end)
    except _Reject as reject:
        return 0.0, reject.reason
    all_right = True
    zero_field_wrong = None
    right_weight = 0
    total_weight = 0
    for name, expected, weight, (negative, integer, cents) in fields:
        right = not negative and cents == "00" and integer == expected
        if not right:
            all_right = False
        if expected == "0":
            if not (integer == "0" and cents == "00") and zero_field_wrong is None:
                zero_field_wrong = name
        else:
            total_weight += weight
            if right:
                right_weight += weight
    if all_right:
        return 1.0, "ok"
    if all_or_nothing:
        return 0.0, "not_all_right"
    if zero_field_wrong is not None:
        return 0.0, f"zero_field_wrong: {zero_field_wrong}"
    if right_weight == 0:
        return 0.0, "wrong"
    return (CAP_PERCENT * right_weight) / (100 * total_weight), "partial"


def score_reply(reply: Any, answer: Any, all_or_nothing: bool = False, *, strict_end: bool = False) -> Tuple[float, str]:
    """``(score, reason)`` of a reply against its gold answer, as @succ/scoring's scoreReply.

    ``answer`` is the gold answer as a dict (``{"beneficiaires": {...}, "total_droits": n}``).
    ``all_or_nothing``: 0 unless every field is right. ``strict_end``: only whitespace may follow
    the block (by default the END_OF_SEQUENCE_TOKENS of chat templates may too). Never raises:
    a malformed gold answer gives ``(0.0, "bad_expected: …")``, a scorer bug ``(0.0, "internal_error")``.
    """
    try:
        return _score_against(reply, _read_gold(answer), bool(all_or_nothing), bool(strict_end))
    except ScoringError as error:
        return 0.0, f"bad_expected: {error}"
    except Exception:
        return 0.0, "internal_error"


def is_success(score: float) -> bool:
    """Whether a score of score_reply is a success (every field right)."""
    return score >= SUCCESS_THRESHOLD
