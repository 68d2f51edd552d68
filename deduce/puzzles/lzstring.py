"""LZ-String's base64 form (pieroxy's ``compressToBase64`` / ``decompressFromBase64``): how
f-puzzles and SudokuPad pack a puzzle's JSON into a link.

The format is LZW over UTF-16 code units, written as a stream of bits: each code is
``width`` bits, least significant bit first, and the width grows by one whenever the
dictionary outgrows it. Codes 0 and 1 bring in a new character (its next 8 or 16 bits),
code 2 ends the stream, and codes from 3 on name dictionary entries. The bits are packed
six to a base64 character, most significant first; the text is padded with ``=`` to a
multiple of four.

Reading is bounded whatever the input: a text that is no base64, a stream cut short, a
code the dictionary does not hold, or an expansion past ``MAX_OUTPUT`` code units is a
ParseError of one line (LZW can expand quadratically, so the output is what is capped).
"""

from __future__ import annotations

from collections.abc import Iterator

from deduce.errors import ParseError

#: The base64 characters, by the six bits each stands for.
ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"
_VALUE = {ch: i for i, ch in enumerate(ALPHABET)}
#: The most UTF-16 code units a payload may expand to (a 16x16 puzzle with every kind of
#: clue f-puzzles has is well under a tenth of it).
MAX_OUTPUT = 2_000_000
_BITS = 6
_NEW_BYTE, _NEW_WORD, _END = 0, 1, 2


def compress_to_base64(text: str) -> str:
    """``text`` as LZ-String's ``compressToBase64`` writes it (the same characters)."""
    out = _Writer()
    dictionary: dict[str, int] = {}
    fresh: set[str] = set()
    w = ""
    for c in _units(text):
        if c not in dictionary:
            dictionary[c] = len(dictionary) + 3
            fresh.add(c)
        if w + c in dictionary:
            w += c
            continue
        _emit(out, w, dictionary, fresh)
        dictionary[w + c] = len(dictionary) + 3
        w = c
    if w:
        _emit(out, w, dictionary, fresh)
    out.write(_END)
    return out.finish()


def _units(text: str) -> str:
    """``text`` with each character outside the BMP as its two UTF-16 surrogates, as a
    JavaScript string holds it."""
    if text.isascii():
        return text
    raw = text.encode("utf-16-le", "surrogatepass")
    return "".join(chr(int.from_bytes(raw[i : i + 2], "little")) for i in range(0, len(raw), 2))


def _emit(out: _Writer, w: str, dictionary: dict[str, int], fresh: set[str]) -> None:
    """Write the code of ``w`` (a new character first brings itself in)."""
    if w in fresh:
        code = ord(w)
        if code < 256:
            out.write(_NEW_BYTE)
            out.write(code, 8)
        else:
            out.write(_NEW_WORD)
            out.write(code, 16)
        out.grow()
        fresh.discard(w)
    else:
        out.write(dictionary[w])
    out.grow()


class _Writer:
    """The bit stream of ``compress_to_base64``: codes of the current width, six bits a
    character."""

    def __init__(self) -> None:
        self.chars: list[str] = []
        self.value = 0
        self.filled = 0
        self.width = 2
        self.room = 2  # codes left before the width grows

    def write(self, value: int, width: int | None = None) -> None:
        for _ in range(self.width if width is None else width):
            self.value = (self.value << 1) | (value & 1)
            value >>= 1
            self.filled += 1
            if self.filled == _BITS:
                self.chars.append(ALPHABET[self.value])
                self.value = self.filled = 0

    def grow(self) -> None:
        self.room -= 1
        if self.room == 0:
            self.room = 1 << self.width
            self.width += 1

    def finish(self) -> str:
        while True:  # LZ-String always flushes one more character, even when aligned
            self.value <<= 1
            self.filled += 1
            if self.filled == _BITS:
                self.chars.append(ALPHABET[self.value])
                break
        text = "".join(self.chars)
        return text + "=" * (-len(text) % 4)


def decompress_from_base64(text: str) -> str:
    """The text LZ-String's ``compressToBase64`` made ``text`` from; ParseError (one line)
    when ``text`` is no such payload."""
    payload = text.rstrip("=")
    if not payload:
        raise ParseError("an empty LZ-String payload")
    for index, ch in enumerate(payload):
        if ch not in _VALUE:
            raise ParseError(f"LZ-String payload: {ch!r} at character {index + 1} is not base64")
    units = _decode(_Reader(payload))
    try:
        return units.encode("utf-16-le", "surrogatepass").decode("utf-16-le")
    except UnicodeDecodeError:
        raise ParseError("LZ-String payload: it decodes to broken UTF-16") from None


class _Reader:
    """The bit stream of a base64 payload, read most significant bit of a character first."""

    def __init__(self, payload: str) -> None:
        self.bits = self._bits(payload)
        self.length = len(payload) * _BITS

    @staticmethod
    def _bits(payload: str) -> Iterator[int]:
        for ch in payload:
            value = _VALUE[ch]
            for shift in range(_BITS - 1, -1, -1):
                yield (value >> shift) & 1

    def read(self, width: int) -> int:
        value = 0
        for i in range(width):
            bit = next(self.bits, None)
            if bit is None:
                raise ParseError("LZ-String payload: it is cut short (no end mark)")
            value |= bit << i
        return value


def _decode(bits: _Reader) -> str:
    """The code units the stream of ``bits`` holds, up to its end mark."""
    first = _literal(bits, bits.read(2))
    if first is None:
        return ""
    entries = ["", "", "", first]  # codes 0-2 are marks, not entries
    width, room = 3, 4
    w, out, size = first, [first], len(first)
    while True:
        code = bits.read(width)
        if code == _END:
            return "".join(out)
        if code in (_NEW_BYTE, _NEW_WORD):
            entries.append(_literal(bits, code) or "")
            code = len(entries) - 1
            room -= 1
            if room == 0:
                room, width = 1 << width, width + 1
        if code < len(entries):
            entry = entries[code]
        elif code == len(entries):
            entry = w + w[0]
        else:
            raise ParseError(f"LZ-String payload: code {code} names no entry (it is corrupt)")
        size += len(entry)
        if size > MAX_OUTPUT:
            raise ParseError(
                f"LZ-String payload: it expands past {MAX_OUTPUT:,} characters; "
                "no puzzle is that long"
            )
        out.append(entry)
        entries.append(w + entry[0])
        w = entry
        room -= 1
        if room == 0:
            room, width = 1 << width, width + 1


def _literal(bits: _Reader, code: int) -> str | None:
    """The character a literal code brings in (None for the end mark)."""
    if code == _NEW_BYTE:
        return chr(bits.read(8))
    if code == _NEW_WORD:
        return chr(bits.read(16))
    if code == _END:
        return None
    raise ParseError(f"LZ-String payload: it starts with code {code}, not a character")
