"""QR codes on the device: versions 1-10, error correction levels L and M, byte and
alphanumeric segments (ISO/IEC 18004:2015; the layout as in Project Nayuki's QR Code generator,
MIT licensed, which follows it section by section).

``make(segments, level)`` -> ``(size, version, level, rows)``: ``segments`` a list of
``(alnum, text)`` (``alnum`` True: the text holds only the 45 alphanumeric characters,
``ALNUM``; else its bytes as UTF-8), ``level`` ``L`` or ``M`` (``LEVELS``' index); ``rows`` a
list of ``size`` ints, bit ``c`` of ``rows[r]`` set for a dark module at column ``c`` of row
``r`` (``size`` = 17 + 4 * version modules).  ValueError when the text does not fit version 10.
``fits(segments, level)``: the smallest version that holds them, or 0.

Of the eight masks, the one with the lowest penalty (section 7.8.3: runs of five or more
modules of one colour, 2 x 2 blocks, the finder-like 1:1:3:1:1 pattern with four light modules
on either side, the share of dark modules) is used.  The penalty is worked out on rows and
columns held as ints, a bit per module (a few hundred operations in C per mask instead of a
Python step per module); no recursion, the largest allocation the version's codewords.
"""
from micropython import const  # on CPython: host_sim/shims/micropython.py

ALNUM = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ $%*+-./:"
LEVELS = "LM"
_MAXV = const(10)
# Error correction codewords per block and number of blocks, versions 1-10 (ISO/IEC 18004
# table 9), for L and M.
_ECC = (b"\x07\x0a\x0f\x14\x1a\x12\x14\x18\x1e\x12", b"\x0a\x10\x1a\x12\x18\x10\x12\x16\x16\x1a")
_BLOCKS = (b"\x01\x01\x01\x01\x01\x02\x02\x02\x02\x04", b"\x01\x01\x01\x02\x02\x04\x04\x04\x05\x05")

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
            n += 4 + (9 if v < 10 else 11) + 11 * (k // 2) + 6 * (k % 2)
        else:
            n += 4 + (8 if v < 10 else 16) + 8 * k
    return n


def fits(segments, level):
    """The smallest version (1-10) that holds ``segments`` at ``level`` ("L"/"M"), or 0."""
    lv = LEVELS.index(level)
    for v in range(1, _MAXV + 1):
        if _bits(segments, v) <= 8 * _capacity(v, lv):
            return v
    return 0


def _codewords(segments, v, lv):
    cap = _capacity(v, lv)
    buf = bytearray(cap)
    pos = 0

    def put(val, n, pos=0):  # (pos passed in and returned: no closure cell written on MicroPython)
        for i in range(n - 1, -1, -1):
            if (val >> i) & 1:
                buf[pos >> 3] |= 0x80 >> (pos & 7)
            pos += 1
        return pos

    for alnum, t in segments:
        if alnum:
            pos = put(2, 4, pos)
            pos = put(len(t), 9 if v < 10 else 11, pos)
            i = 0
            while i + 1 < len(t):
                pos = put(ALNUM.index(t[i]) * 45 + ALNUM.index(t[i + 1]), 11, pos)
                i += 2
            if i < len(t):
                pos = put(ALNUM.index(t[i]), 6, pos)
        else:
            b = t.encode()
            pos = put(4, 4, pos)
            pos = put(len(b), 8 if v < 10 else 16, pos)
            for c in b:
                pos = put(c, 8, pos)
    pos = min(pos + 4, 8 * cap)  # the terminator (zero bits), then whole bytes
    i = (pos + 7) >> 3
    pad = 0xEC
    while i < cap:
        buf[i] = pad
        pad ^= 0xEC ^ 0x11
        i += 1
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
    out = bytearray(total)
    k = 0
    for b in range(nb):
        dlen = slen - ecl + (0 if b < short else 1)
        rem = bytearray(ecl)
        for i in range(dlen):
            d = buf[k + i]
            f = d ^ rem[0]
            rem[0:ecl - 1] = rem[1:ecl]
            rem[ecl - 1] = 0
            if f:
                lf = _LOG[f]
                for j in range(ecl):
                    g = gen[j]
                    if g:
                        rem[j] ^= _EXP[_LOG[g] + lf]
            # data codeword i of block b: column i of the interleave (a long block's last after the short ones')
            out[(i * nb + b) if i < slen - ecl else ((slen - ecl) * nb + b - short)] = d
        k += dlen
        base = (slen - ecl) * nb + (nb - short)
        for i in range(ecl):
            out[base + i * nb + b] = rem[i]
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


def _spread(chunk, n):
    """The 12-bit ``chunk`` repeated along ``n`` bits (a mask's pattern: every mask repeats
    after 12 modules, 2, 3, 4 or 6 along a row or column)."""
    t = chunk
    w = 12
    while w < n:
        t |= t << w
        w *= 2
    return t & ((1 << n) - 1)


def _mask_bit(m, r, c):
    if m == 0:
        return (r + c) % 2 == 0
    if m == 1:
        return r % 2 == 0
    if m == 2:
        return c % 3 == 0
    if m == 3:
        return (r + c) % 3 == 0
    if m == 4:
        return (r // 2 + c // 3) % 2 == 0
    if m == 5:
        return r * c % 2 + r * c % 3 == 0
    if m == 6:
        return (r * c % 2 + r * c % 3) % 2 == 0
    return ((r + c) % 2 + r * c % 3) % 2 == 0


def _masks(m, n, sr, sc):
    """Mask ``m`` along a row ``r`` into ``sr[r % 12]`` and along a column ``c`` into ``sc[c % 12]``
    (ints, a bit per module of the ``n``)."""
    for a in range(12):
        ch = cc = 0
        for b in range(12):
            if _mask_bit(m, a, b):
                ch |= 1 << b
            if _mask_bit(m, b, a):
                cc |= 1 << b
        sr[a] = _spread(ch, n)
        sc[a] = _spread(cc, n)


def _ones(x):
    return bin(x).count("1")


def _line_penalty(x, full):
    """Rules 1 and 3 along one row or column ``x`` (``full``: a bit for each of its modules)."""
    p = 0
    for y in (x, ~x & full):
        f = y & (y >> 1)
        f &= f >> 2
        f &= y >> 4
        if f:  # a run of k >= 5 gives k - 4 bits here, and 3 + (k - 5) points
            p += _ones(f) + 2 * _ones(f & ~(f << 1))
    d = x << 4  # four light modules beyond each end (the quiet zone)
    li = ~d & ((full << 8) | 0xFF)
    # dark-light-dark-dark-dark-light-dark, with four light modules on one side
    c = d & (li >> 1) & (d >> 2) & (d >> 3) & (d >> 4) & (li >> 5) & (d >> 6)
    if c:
        l4 = li & (li >> 1) & (li >> 2) & (li >> 3)
        p += 40 * (_ones(c & (l4 >> 7)) + _ones(c & (l4 << 4)))
    return p


def make(segments, level="L", mask=-1):
    """The QR code of ``segments`` at ``level`` (module docstring); ``mask`` 0-7: that mask
    (the tests' comparison with other encoders), else the one with the lowest penalty."""
    for got in steps(segments, level, mask):
        if got is not None:
            return got


def steps(segments, level="L", mask=-1):
    """``make`` in steps: a generator that yields None after each part of the work (a few
    columns placed, a mask scored: the device's background job reads keys between them), and
    last the code."""
    lv = LEVELS.index(level)
    v = fits(segments, level)
    if not v:
        raise ValueError("too long for a QR code of version %d" % _MAXV)
    n = 17 + 4 * v
    full = (1 << n) - 1
    rows = [0] * n  # dark modules
    fn = [0] * n  # function modules (finder, timing, alignment, format and version areas)
    for r in range(n):
        if r < 9 or r >= n - 8:
            fn[r] = 0x1FF | ((1 << n) - (1 << (n - 8))) if r < 9 else 0x1FF
        fn[r] |= 1 << 6
    fn[6] = full
    for r in range(n):  # timing patterns
        if r % 2 == 0:
            rows[r] |= 1 << 6
    rows[6] |= _spread(0x555, n)  # columns 0, 2, 4, ... (dark every other module)
    for cx, cy in ((0, 0), (n - 7, 0), (0, n - 7)):  # finder patterns
        for i in range(7):
            if i in (0, 6):
                rows[cy + i] |= 0x7F << cx
            else:
                rows[cy + i] |= (0x41 | (0x1C if 2 <= i <= 4 else 0)) << cx
    al = _align(v)
    for ay in al:
        for ax in al:
            if (ax == 6 and ay == 6) or (ax == 6 and ay == n - 7) or (ax == n - 7 and ay == 6):
                continue
            for i in range(5):
                r = ay - 2 + i
                rows[r] &= ~(0x1F << (ax - 2))
                rows[r] |= (0x1F if i in (0, 4) else (0x15 if i == 2 else 0x11)) << (ax - 2)
                fn[r] |= 0x1F << (ax - 2)
    if v >= 7:  # version information (section 7.10)
        rem = v
        for _ in range(12):
            rem = (rem << 1) ^ ((rem >> 11) * 0x1F25)
        vb = v << 12 | rem
        for i in range(18):
            a = n - 11 + i % 3
            b = i // 3
            fn[b] |= 1 << a
            fn[a] |= 1 << b
            if (vb >> i) & 1:
                rows[b] |= 1 << a
                rows[a] |= 1 << b
    rows[n - 8] |= 1 << 8  # the dark module
    # the codewords, two columns at a time, upwards and downwards (section 7.7.3)
    data = _codewords(segments, v, lv)
    yield None
    nbits = len(data) * 8
    i = 0
    right = n - 1
    while right >= 1:
        if right == 6:
            right = 5
        up = ((right + 1) & 2) == 0
        for vert in range(n):
            y = n - 1 - vert if up else vert
            f = fn[y]
            for x in (right, right - 1):
                if not (f >> x) & 1 and i < nbits:
                    if (data[i >> 3] >> (7 - (i & 7))) & 1:
                        rows[y] |= 1 << x
                    i += 1
        right -= 2
        if right % 8 < 2:  # every fourth pair of columns
            yield None
    # columns of the same, for the penalty
    cols = [0] * n
    cfn = [0] * n
    for r in range(n):
        x = rows[r]
        f = fn[r]
        bit = 1 << r
        for c in range(n):
            if (x >> c) & 1:
                cols[c] |= bit
            if (f >> c) & 1:
                cfn[c] |= bit
    yield None
    for r in range(n):  # from here on: the data modules of each row and column
        fn[r] = ~fn[r] & full
        cfn[r] = ~cfn[r] & full
    best = None
    bm = mask
    rm = [0] * n
    cm = [0] * n
    sr = [0] * 12
    sc = [0] * 12
    for m in range(8 if mask < 0 else 0):
        _masks(m, n, sr, sc)
        for r in range(n):
            rm[r] = rows[r] ^ (sr[r % 12] & fn[r])
            cm[r] = cols[r] ^ (sc[r % 12] & cfn[r])
        _put_format(rm, cm, _format(lv, m), n)
        p = 0
        dark = 0
        for r in range(n):
            x = rm[r]
            p += _line_penalty(x, full)
            dark += _ones(x)
            if r:
                e = ~(x ^ rm[r - 1]) & full
                h = ~(x ^ (x >> 1))
                b = e & (e >> 1) & h & (full >> 1)
                if b:
                    p += 3 * _ones(b)
            if r == n >> 1:
                yield None
        yield None
        for c in range(n):
            p += _line_penalty(cm[c], full)
            if c == n >> 1:
                yield None
        k = (abs(dark * 20 - n * n * 10) + n * n - 1) // (n * n) - 1
        p += 10 * max(k, 0)
        if best is None or p < best:
            best = p
            bm = m
        yield None
    _masks(bm, n, sr, sc)
    for r in range(n):
        rows[r] ^= sr[r % 12] & fn[r]
    _put_format(rows, cols, _format(lv, bm), n)
    yield n, v, level, rows


def _format(lv, m):
    d = (1 if lv == 0 else 0) << 3 | m  # L 01, M 00
    rem = d
    for _ in range(10):
        rem = (rem << 1) ^ ((rem >> 9) * 0x537)
    return (d << 10 | rem) ^ 0x5412


def _put_format(rows, cols, bits, n):
    """Both copies of the format information (section 7.9) into ``rows`` and ``cols``."""
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
        rows[r] |= 1 << c
        cols[c] |= 1 << r
        # second copy: row 8 (columns n-1 .. n-8), then column 8 (rows n-7 .. n-1)
        if i < 8:
            r, c = 8, n - 1 - i
        else:
            r, c = n - 15 + i, 8
        rows[r] |= 1 << c
        cols[c] |= 1 << r
