"""The QR code on a frame of the panel, read as a phone's camera would: zxing-cpp (PyPI) on the
frame (1024 bytes MONO_VLSB, lit pixels light) scaled up, so each pixel is a few camera pixels."""


def image(frame, scale=4):
    """A Pillow image (mode L) of ``frame``: lit pixels white, the rest black."""
    from PIL import Image

    im = Image.new("L", (128, 64), 0)
    px = im.load()
    for y in range(64):
        row = (y // 8) * 128
        bit = 1 << (y % 8)
        for x in range(128):
            if frame[row + x] & bit:
                px[x, y] = 255
    return im.resize((128 * scale, 64 * scale), Image.NEAREST)


def read(frame):
    """The texts of the QR codes zxing-cpp finds on ``frame`` (a list: none, one, ...)."""
    import zxingcpp

    return [r.text for r in zxingcpp.read_barcodes(image(bytes(frame)), formats=zxingcpp.BarcodeFormat.QRCode)]
