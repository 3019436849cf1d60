"""QR codes on the device: versions 1-9, error correction levels L and M, byte and
alphanumeric segments (ISO/IEC 18004:2015; the layout as in Project Nayuki's QR Code generator,
MIT licensed, which follows it section by section).

``make(segments, level)`` -> ``(size, version, level, rows)``: ``segments`` a list of
``(alnum, text)`` (``alnum`` True: the text holds only the 45 alphanumeric characters,
``ALNUM``; else its bytes as UTF-8), ``level`` ``L`` or ``M`` (``LEVELS``' index); ``rows`` a
list of ``size`` ints, bit ``c`` of ``rows[r]`` set for a dark module at column ``c`` of row
``r`` (``size`` = 17 + 4 * version modules).  ValueError when the text does not fit version 9.
``fits(segments, level)``: the smallest version that holds them, or 0.  ``steps`` is ``make``
in parts, for a device's background work; it ends with the symbol's columns.

Of the eight masks, the one with the lowest penalty (section 7.8.3: runs of five or more
modules of one colour, 2 x 2 blocks, the finder-like 1:1:3:1:1 pattern with four light modules
on either side, the share of dark modules) is used.  Every row and column (at most 53 modules)
is held as two overlapping windows of 30 bits, modules 0-29 and 23-52, so that the penalty is
a few dozen operations on small ints a line: on the chip an int past 30 bits is a heap object,
each operation on it an allocation.  Each rule counts a pattern in the window that holds it
whole (the windows share 7 modules, the longest pattern checked whole in one).
"""
from micropython import const  # on CPython: host_sim/shims/micropython.py

ALNUM = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ $%*+-./:"
LEVELS = "LM"
_MAXV = const(9)
_W = const(30)  # a window's modules
_O = const(23)  # the first module of the second window
_M30 = const(0x3FFFFFFF)
# Error correction codewords per block and number of blocks, versions 1-9 (ISO/IEC 18004
# table 9), for L and M.
_ECC = (b"\x07\x0a\x0f\x14\x1a\x12\x14\x18\x1e", b"\x0a\x10\x1a\x12\x18\x10\x12\x16\x16")
_BLOCKS = (b"\x01\x01\x01\x01\x01\x02\x02\x02\x02", b"\x01\x01\x01\x02\x02\x04\x04\x04\x05")
# The eight masks (section 7.8.2) repeat every 12 modules along a row and along a column:
# for mask m, 12-bit words 24 m + k (row k: its columns 0-11) and 24 m + 12 + k (column k: its
# rows 0-11), two bytes each, low byte first.  tests/test_playcode.py checks them against the
# standard's formulas.
_MASKS = (
    b"\x55\x05\xaa\x0a\x55\x05\xaa\x0a\x55\x05\xaa\x0a\x55\x05\xaa\x0a\x55\x05\xaa\x0a\x55\x05\xaa\x0a"
    b"\x55\x05\xaa\x0a\x55\x05\xaa\x0a\x55\x05\xaa\x0a\x55\x05\xaa\x0a\x55\x05\xaa\x0a\x55\x05\xaa\x0a"
    b"\xff\x0f\x00\x00\xff\x0f\x00\x00\xff\x0f\x00\x00\xff\x0f\x00\x00\xff\x0f\x00\x00\xff\x0f\x00\x00"
    b"\x55\x05\x55\x05\x55\x05\x55\x05\x55\x05\x55\x05\x55\x05\x55\x05\x55\x05\x55\x05\x55\x05\x55\x05"
    b"\x49\x02\x49\x02\x49\x02\x49\x02\x49\x02\x49\x02\x49\x02\x49\x02\x49\x02\x49\x02\x49\x02\x49\x02"
    b"\xff\x0f\x00\x00\x00\x00\xff\x0f\x00\x00\x00\x00\xff\x0f\x00\x00\x00\x00\xff\x0f\x00\x00\x00\x00"
    b"\x49\x02\x24\x09\x92\x04\x49\x02\x24\x09\x92\x04\x49\x02\x24\x09\x92\x04\x49\x02\x24\x09\x92\x04"
    b"\x49\x02\x24\x09\x92\x04\x49\x02\x24\x09\x92\x04\x49\x02\x24\x09\x92\x04\x49\x02\x24\x09\x92\x04"
    b"\xc7\x01\xc7\x01\x38\x0e\x38\x0e\xc7\x01\xc7\x01\x38\x0e\x38\x0e\xc7\x01\xc7\x01\x38\x0e\x38\x0e"
    b"\x33\x03\x33\x03\x33\x03\xcc\x0c\xcc\x0c\xcc\x0c\x33\x03\x33\x03\x33\x03\xcc\x0c\xcc\x0c\xcc\x0c"
    b"\xff\x0f\x41\x00\x49\x02\x55\x05\x49\x02\x41\x00\xff\x0f\x41\x00\x49\x02\x55\x05\x49\x02\x41\x00"
    b"\xff\x0f\x41\x00\x49\x02\x55\x05\x49\x02\x41\x00\xff\x0f\x41\x00\x49\x02\x55\x05\x49\x02\x41\x00"
    b"\xff\x0f\xc7\x01\xdb\x06\x55\x05\x6d\x0b\x71\x0c\xff\x0f\xc7\x01\xdb\x06\x55\x05\x6d\x0b\x71\x0c"
    b"\xff\x0f\xc7\x01\xdb\x06\x55\x05\x6d\x0b\x71\x0c\xff\x0f\xc7\x01\xdb\x06\x55\x05\x6d\x0b\x71\x0c"
    b"\x55\x05\x38\x0e\x71\x0c\xaa\x0a\xc7\x01\x8e\x03\x55\x05\x38\x0e\x71\x0c\xaa\x0a\xc7\x01\x8e\x03"
    b"\x55\x05\x38\x0e\x71\x0c\xaa\x0a\xc7\x01\x8e\x03\x55\x05\x38\x0e\x71\x0c\xaa\x0a\xc7\x01\x8e\x03"
)

_POP = (  # the number of set bits of each byte
    b"\x00\x01\x01\x02\x01\x02\x02\x03\x01\x02\x02\x03\x02\x03\x03\x04\x01\x02\x02\x03\x02\x03\x03\x04"
    b"\x02\x03\x03\x04\x03\x04\x04\x05\x01\x02\x02\x03\x02\x03\x03\x04\x02\x03\x03\x04\x03\x04\x04\x05"
    b"\x02\x03\x03\x04\x03\x04\x04\x05\x03\x04\x04\x05\x04\x05\x05\x06\x01\x02\x02\x03\x02\x03\x03\x04"
    b"\x02\x03\x03\x04\x03\x04\x04\x05\x02\x03\x03\x04\x03\x04\x04\x05\x03\x04\x04\x05\x04\x05\x05\x06"
    b"\x02\x03\x03\x04\x03\x04\x04\x05\x03\x04\x04\x05\x04\x05\x05\x06\x03\x04\x04\x05\x04\x05\x05\x06"
    b"\x04\x05\x05\x06\x05\x06\x06\x07\x01\x02\x02\x03\x02\x03\x03\x04\x02\x03\x03\x04\x03\x04\x04\x05"
    b"\x02\x03\x03\x04\x03\x04\x04\x05\x03\x04\x04\x05\x04\x05\x05\x06\x02\x03\x03\x04\x03\x04\x04\x05"
    b"\x03\x04\x04\x05\x04\x05\x05\x06\x03\x04\x04\x05\x04\x05\x05\x06\x04\x05\x05\x06\x05\x06\x06\x07"
    b"\x02\x03\x03\x04\x03\x04\x04\x05\x03\x04\x04\x05\x04\x05\x05\x06\x03\x04\x04\x05\x04\x05\x05\x06"
    b"\x04\x05\x05\x06\x05\x06\x06\x07\x03\x04\x04\x05\x04\x05\x05\x06\x04\x05\x05\x06\x05\x06\x06\x07"
    b"\x04\x05\x05\x06\x05\x06\x06\x07\x05\x06\x06\x07\x06\x07\x07\x08"
)

# GF(256) with the polynomial 0x11D: exp (doubled, so no modulo) and log tables.
_EXP = bytearray(512)
_LOG = bytearray(256)
_x = 1
for _i in range(255):
    _EXP[_i] = _EXP[_i + 255] = _x
    _LOG[_x] = _i
    _x <<= 1
    if _x & 0x100:
        _x ^= 0x11D


def _raw(v):
    """Data modules of version ``v`` (bits of codewords and remainder)."""
    n = (16 * v + 128) * v + 64
    if v >= 2:
        a = v // 7 + 2
        n -= (25 * a - 10) * a - 55
        if v >= 7:
            n -= 36
    return n


def _capacity(v, lv):
    """Data codewords of version ``v`` at level index ``lv``."""
    return _raw(v) // 8 - _ECC[lv][v - 1] * _BLOCKS[lv][v - 1]


def _bits(segments, v):
    n = 0
    for alnum, t in segments:
        k = len(t) if alnum else len(t.encode())
        if alnum:
            n += 13 + 11 * (k // 2) + 6 * (k % 2)  # mode 4 bits, count 9 bits (versions 1-9)
        else:
            n += 12 + 8 * k  # mode 4 bits, count 8 bits
    return n


def fits(segments, level):
    """The smallest version (1-9) that holds ``segments`` at ``level`` ("L"/"M"), or 0."""
    lv = LEVELS.index(level)
    for v in range(1, _MAXV + 1):
        if _bits(segments, v) <= 8 * _capacity(v, lv):
            return v
    return 0


def _codewords(segments, v, lv):
    """The data codewords with their error correction, interleaved (sections 7.4-7.6), and a
    zero byte after them; a generator that yields None after the data and after each block."""
    cap = _capacity(v, lv)
    buf = bytearray(cap)
    acc = 0  # bits not yet written (fewer than 8 of them after each value)
    na = 0
    i = 0
    for alnum, t in segments:
        if alnum:
            vals = [2, len(t)]
            widths = (4, 9)
        else:
            t = t.encode()
            vals = [4, len(t)]
            widths = (4, 8)
        for k in range(2):
            acc = (acc << widths[k]) | vals[k]
            na += widths[k]
            while na >= 8:
                na -= 8
                buf[i] = acc >> na
                i += 1
                acc &= (1 << na) - 1
        k = 0
        while k < len(t):
            if alnum:
                if k + 1 < len(t):
                    acc = (acc << 11) | (ALNUM.index(t[k]) * 45 + ALNUM.index(t[k + 1]))
                    na += 11
                    k += 2
                else:
                    acc = (acc << 6) | ALNUM.index(t[k])
                    na += 6
                    k += 1
            else:
                acc = (acc << 8) | t[k]
                na += 8
                k += 1
            while na >= 8:
                na -= 8
                buf[i] = acc >> na
                i += 1
                acc &= (1 << na) - 1
    end = 8 * i + na + 4  # the terminator's four zero bits (fewer at the end), then whole bytes
    if na:
        buf[i] = acc << (8 - na)
    i = min((end + 7) >> 3, cap)
    pad = 0xEC
    while i < cap:
        buf[i] = pad
        pad ^= 0xEC ^ 0x11
        i += 1
    yield None
    # error correction per block, then the blocks interleaved (section 7.6)
    ecl = _ECC[lv][v - 1]
    nb = _BLOCKS[lv][v - 1]
    total = _raw(v) // 8
    short = nb - total % nb
    slen = total // nb  # a short block's codewords, with its correction
    gen = bytearray(ecl)  # the generator polynomial, highest term left out
    gen[ecl - 1] = 1
    root = 1
    for _ in range(ecl):
        for j in range(ecl):
            g = gen[j]
            gen[j] = _EXP[_LOG[g] + _LOG[root]] if g else 0
            if j + 1 < ecl:
                gen[j] ^= gen[j + 1]
        root = _EXP[_LOG[root] + 1]
    for j in range(ecl):  # as logarithms: no coefficient of these generators is zero
        gen[j] = _LOG[gen[j]]
    out = bytearray(total + 1)  # and a byte for the remainder bits (light) that follow them
    rem = bytearray(ecl + 1)
    exp = _EXP
    log = _LOG
    k = 0
    for b in range(nb):
        dlen = slen - ecl + (0 if b < short else 1)
        rem[:] = bytes(ecl + 1)
        for i in range(dlen):
            d = buf[k + i]
            f = d ^ rem[0]
            rem[0:ecl] = rem[1:ecl + 1]
            if f:
                lf = log[f]
                j = 0
                for g in gen:
                    rem[j] ^= exp[g + lf]
                    j += 1
            # data codeword i of block b: column i of the interleave (a long block's last after the short ones')
            out[(i * nb + b) if i < slen - ecl else ((slen - ecl) * nb + b - short)] = d
        k += dlen
        base = (slen - ecl) * nb + (nb - short)
        for i in range(ecl):
            out[base + i * nb + b] = rem[i]
        yield None
    return out


def _align(v):
    if v == 1:
        return b""
    a = v // 7 + 2
    step = (v * 4 + a * 2 + 1) // (a * 2 - 2) * 2
    size = 17 + 4 * v
    out = bytearray(a)
    out[0] = 6
    p = size - 7
    for i in range(a - 1, 0, -1):
        out[i] = p
        p -= step
    return out


def _span(lo, hi):
    """A window's bits ``lo``-``hi`` (0 when ``hi < lo``)."""
    return ((1 << (hi + 1)) - (1 << lo)) if hi >= lo else 0


def modules(w0, w1, a, k):
    """``k`` (at most 8) modules of a line from module ``a`` on, bit ``t`` for module ``a + t``;
    modules before 0 (and past the end) light."""
    if a < 0:
        return (w0 & ((1 << (a + k)) - 1)) << -a if a + k > 0 else 0
    if a + k <= _W:
        return (w0 >> a) & ((1 << k) - 1)
    return (w1 >> (a - _O)) & ((1 << k) - 1)


def _hline(l0, l1, i, bits, x, w):
    """``bits`` (``w`` modules) into line ``i`` (windows ``l0``, ``l1``) from module ``x`` on."""
    if w <= 0:
        return
    bits &= (1 << w) - 1
    if x < _W:
        l0[i] |= (bits & ((1 << (_W - x)) - 1)) << x
    if x + w > _O:
        s = x - _O
        l1[i] |= (bits << s) if s >= 0 else (bits >> -s)


def _window(chunk, shift):
    """A mask's 12-module word, starting at module ``shift`` of it, along a 30-module window."""
    t = ((chunk >> shift) | (chunk << (12 - shift))) & 0xFFF
    return t | (t << 12) | ((t & 0x3F) << 24)


def _runs(a0, a1, a, pe, fo, ko, q):
    """Rules 1 and 3 of the penalty (ISO/IEC 18004, 7.8.3) in window ``a`` of the line
    (``a0``, ``a1``; ``q`` its first module): a run of k >= 5 modules of one colour scores
    3 + (k - 5), each finder-like pattern with light modules either side 40.  ``pe``, ``fo``,
    ``ko``: the window's valid neighbour pairs, own run starts and own cores."""
    p = 0
    # rule 1: module i the same colour as i + 1 (e), then as i + 1 to i + 4 (e): a run of
    # k >= 5 gives k - 4 bits and one start
    e = ~(a ^ (a >> 1)) & pe
    e &= e >> 1
    e &= e >> 2
    if e:  # few bits: counted one by one
        x = e & fo
        while x:
            x &= x - 1
            p += 1
        x = e & ~(e << 1) & fo
        while x:
            x &= x - 1
            p += 2
    # rule 3: the cores, then their light modules either side
    z = ~a
    c = a & (z >> 1) & (a >> 2) & (a >> 3) & (a >> 4) & (z >> 5) & (a >> 6) & ko
    if c:
        p += _finder(a0, a1, c, q)
    return p


def _finder(a0, a1, c, q):
    """Rule 3 for the cores ``c`` (dark light dark dark dark light dark) of a window whose bit 0 is
    module ``q`` of the line (windows ``a0``, ``a1``): 40 points for four light modules before a
    core, 40 for four after, the modules beyond the symbol light."""
    p = 0
    while c:
        if c & 1:
            if not modules(a0, a1, q - 4, 4):
                p += 40
            if not modules(a0, a1, q + 7, 4):
                p += 40
        c >>= 1
        q += 1
    return p


def make(segments, level="L", mask=-1):
    """The QR code of ``segments`` at ``level`` (module docstring); ``mask`` 0-7: that mask
    (the tests' comparison with other encoders), else the one with the lowest penalty."""
    for got in steps(segments, level, mask):
        if got is not None:
            n, v, lv, c0, c1 = got
            rows = [0] * n
            for c in range(n):
                for r in range(n):
                    if (c0[c] >> r) & 1 if r < _W else (c1[c] >> (r - _O)) & 1:
                        rows[r] |= 1 << c
            return n, v, lv, rows


def steps(segments, level="L", mask=-1):
    """``make`` in steps: a generator that yields None after each part of the work (the
    codewords, a few columns placed, a mask's rows or columns scored: the device's background
    job reads keys between them), and last ``(size, version, level, c0, c1)``: the columns'
    windows, bit ``r`` of ``c0[c]`` module (r, c) for rows 0-29, of ``c1[c]`` module (r + 23, c)."""
    lv = LEVELS.index(level)
    v = fits(segments, level)
    if not v:
        raise ValueError("too long for a QR code of version %d" % _MAXV)
    n = 17 + 4 * v
    # rows as windows (r0, r1): dark modules of the function patterns and the data, and the
    # function modules (f0, f1); the function patterns are symmetric about the diagonal (but
    # for the dark module): the columns start as a copy of the rows
    r0 = [0] * n
    r1 = [0] * n
    f0 = [0] * n
    f1 = [0] * n
    for i in range(n):  # the timing patterns: column 6 (first window only), rows 0, 2, 4 ... dark
        f0[i] = 64
        if not i & 1:
            r0[i] = 64
    # row 6: columns 0, 2, 4 ... dark (module 30 is even too)
    _hline(r0, r1, 6, 0x15555555, 0, min(n, _W))
    _hline(r0, r1, 6, 0x15555555, _W, n - _W)
    _hline(f0, f1, 6, _M30, 0, min(n, _W))
    _hline(f0, f1, 6, _M30, _W, n - _W)
    for i in range(9):  # the finders, their separators and the format areas
        pat = b"\x7f\x41\x5d\x5d\x5d\x41\x7f\x00\x00"[i]
        _hline(r0, r1, i, pat, 0, 7)
        _hline(f0, f1, i, 0x1FF, 0, 9)
        _hline(r0, r1, i, pat, n - 7, 7)
        _hline(f0, f1, i, 0xFF, n - 8, 8)
        if i < 8:
            _hline(r0, r1, n - 1 - i, b"\x7f\x41\x5d\x5d\x5d\x41\x7f\x00"[6 - i] if i < 7 else 0, 0, 7)
            _hline(f0, f1, n - 1 - i, 0x1FF, 0, 9)
    al = _align(v)
    for ay in al:
        for ax in al:
            if (ax == 6 and ay == 6) or (ax == 6 and ay == n - 7) or (ax == n - 7 and ay == 6):
                continue
            for i in range(5):
                _hline(r0, r1, ay - 2 + i, 0x1F if i in (0, 4) else (0x15 if i == 2 else 0x11), ax - 2, 5)
                _hline(f0, f1, ay - 2 + i, 0x1F, ax - 2, 5)
    if v >= 7:  # version information (section 7.10): its two blocks mirror each other
        rem = v
        for _ in range(12):
            rem = (rem << 1) ^ ((rem >> 11) * 0x1F25)
        vb = v << 12 | rem
        for b in range(6):  # bits 3b to 3b + 2 in row b, columns n - 11 to n - 9
            _hline(r0, r1, b, vb >> (3 * b), n - 11, 3)
            _hline(f0, f1, b, 7, n - 11, 3)
        for j in range(3):  # and in row n - 11 + j, columns 0 to 5: bits j, j + 3 ... j + 15
            bits = 0
            for b in range(6):
                bits |= ((vb >> (3 * b + j)) & 1) << b
            _hline(r0, r1, n - 11 + j, bits, 0, 6)
            _hline(f0, f1, n - 11 + j, 0x3F, 0, 6)
    c0 = list(r0)
    c1 = list(r1)
    _hline(r0, r1, n - 8, 1, 8, 1)  # the dark module, row n - 8 of column 8
    _hline(c0, c1, 8, 1, n - 8, 1)
    # the codewords, two columns at a time, upwards and downwards (section 7.7.3)
    data = yield from _codewords(segments, v, lv)
    b0 = [(1 << i) if i < _W else 0 for i in range(n)]  # module i's bit in each window
    b1 = [(1 << (i - _O)) if i >= _O else 0 for i in range(n)]
    i = 0  # the codewords' bit under way (past their end: the remainder bits, light)
    cur = data[0]
    right = n - 1
    while right >= 1:
        if right == 6:
            right = 5
        up = ((right + 1) & 2) == 0
        left = right - 1
        xr0 = b0[right]
        xr1 = b1[right]
        xl0 = b0[left]
        xl1 = b1[left]
        fr0 = f0[right]  # the two columns' function modules (the layout is symmetric)
        fr1 = f1[right]
        fl0 = f0[left]
        fl1 = f1[left]
        cr0 = c0[right]
        cr1 = c1[right]
        cl0 = c0[left]
        cl1 = c1[left]
        for vert in range(n):
            y = n - 1 - vert if up else vert
            y0 = b0[y]
            y1 = b1[y]
            if not (fr0 & y0 or fr1 & y1):
                if cur & 0x80:
                    r0[y] |= xr0
                    r1[y] |= xr1
                    cr0 |= y0
                    cr1 |= y1
                i += 1
                cur = data[i >> 3] if not i & 7 else cur << 1
            if not (fl0 & y0 or fl1 & y1):
                if cur & 0x80:
                    r0[y] |= xl0
                    r1[y] |= xl1
                    cl0 |= y0
                    cl1 |= y1
                i += 1
                cur = data[i >> 3] if not i & 7 else cur << 1
        c0[right] = cr0
        c1[right] = cr1
        c0[left] = cl0
        c1[left] = cl1
        right -= 2
        if right % 8 < 2:  # every fourth pair of columns
            yield None
    # from here on f0, f1: each line's data modules (the function modules' layout is symmetric)
    e0 = _span(0, min(_W - 1, n - 1))
    e1 = _span(0, n - 1 - _O)
    for k in range(n):
        f0[k] = ~f0[k] & e0
        f1[k] = ~f1[k] & e1
    fo0 = _span(0, min(25, n - 5))  # the windows' own run starts
    fo1 = _span(3, n - 28)
    ko0 = _span(0, min(23, n - 7))  # their own cores (1:1:3:1:1)
    ko1 = _span(1, n - 30)
    q0 = _span(0, min(28, n - 2))  # their own 2 x 2 blocks (left column)
    q1 = _span(6, n - 25)
    d1 = _span(7, n - 1 - _O)  # the second window's modules past the first
    pe0 = _span(0, min(_W - 2, n - 2))  # valid neighbour pairs
    pe1 = _span(0, n - 2 - _O)
    best = None
    bm = mask
    m0 = [0] * n  # the masked lines
    m1 = [0] * n
    pc = _POP
    for m in range(8 if mask < 0 else 0):
        p = 0
        dark = 0
        for side in range(2):
            l0, l1 = (r0, r1) if side == 0 else (c0, c1)
            pat = [0] * 24  # the mask along this side's lines, their 12 phases, both windows
            for k in range(12):
                o = 48 * m + 24 * side + 2 * k
                chunk = _MASKS[o] | _MASKS[o + 1] << 8
                pat[k] = _window(chunk, 0)
                pat[12 + k] = _window(chunk, _O % 12)
            for k in range(n):
                m0[k] = l0[k] ^ (pat[k % 12] & f0[k])
                m1[k] = l1[k] ^ (pat[12 + k % 12] & f1[k])
            _put_format(m0, m1, _format(lv, m), n, side)
            a0 = a1 = 0
            for k in range(n):
                b0_ = a0
                b1_ = a1
                a0 = m0[k]
                a1 = m1[k]
                # rule 1 in each window: module i the same colour as i + 1 (e), then as i + 1 to
                # i + 4 (e): a run of k >= 5 gives k - 4 bits and one start, 3 + (k - 5) points
                p += _runs(a0, a1, a0, pe0, fo0, ko0, 0)
                if pe1:
                    p += _runs(a0, a1, a1, pe1, fo1, ko1, _O)
                if side == 0:  # rule 2 (a 2 x 2 block: 3 points) and rule 4's dark modules
                    x = a1 & d1
                    dark += (pc[a0 & 255] + pc[a0 >> 8 & 255] + pc[a0 >> 16 & 255] + pc[a0 >> 24]
                             + pc[x & 255] + pc[x >> 8 & 255] + pc[x >> 16 & 255] + pc[x >> 24])
                    if k:
                        t = ~(a0 ^ b0_)
                        t &= (t >> 1) & ~(a0 ^ (a0 >> 1)) & q0
                        u = ~(a1 ^ b1_)
                        u &= (u >> 1) & ~(a1 ^ (a1 >> 1)) & q1
                        if t or u:
                            p += 3 * (pc[t & 255] + pc[t >> 8 & 255] + pc[t >> 16 & 255] + pc[t >> 24]
                                      + pc[u & 255] + pc[u >> 8 & 255] + pc[u >> 16 & 255] + pc[u >> 24])
            if best is not None and p >= best:
                break  # no better than the best: the columns are not needed
            yield None
        nn = n * n
        k = (abs(dark * 20 - nn * 10) + nn - 1) // nn - 1
        p += 10 * k if k > 0 else 0
        if best is None or p < best:
            best = p
            bm = m
    for k in range(12):
        o = 48 * bm + 24 + 2 * k
        chunk = _MASKS[o] | _MASKS[o + 1] << 8
        m0[k] = _window(chunk, 0)
        m1[k] = _window(chunk, _O % 12)
    for k in range(n):
        c0[k] ^= m0[k % 12] & f0[k]
        c1[k] ^= m1[k % 12] & f1[k]
    _put_format(c0, c1, _format(lv, bm), n, 1)
    yield n, v, level, c0, c1


def _format(lv, m):
    d = (1 if lv == 0 else 0) << 3 | m  # L 01, M 00
    rem = d
    for _ in range(10):
        rem = (rem << 1) ^ ((rem >> 9) * 0x537)
    return (d << 10 | rem) ^ 0x5412


def _put_format(l0, l1, bits, n, cols):
    """Both copies of the format information (section 7.9) into the rows' (``cols`` 0) or the
    columns' (1) windows."""
    for i in range(15):
        if not (bits >> i) & 1:
            continue
        # first copy: column 8 (rows 0-5, 7, 8) then row 8 (columns 7, 5-0)
        if i < 6:
            r, c = i, 8
        elif i < 8:
            r, c = i + 1, 8
        elif i == 8:
            r, c = 8, 7
        else:
            r, c = 8, 14 - i
        if cols:
            r, c = c, r
        _hline(l0, l1, r, 1, c, 1)
        # second copy: row 8 (columns n-1 .. n-8), then column 8 (rows n-7 .. n-1)
        if i < 8:
            r, c = 8, n - 1 - i
        else:
            r, c = n - 15 + i, 8
        if cols:
            r, c = c, r
        _hline(l0, l1, r, 1, c, 1)
