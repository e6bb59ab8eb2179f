"""A small PNG decoder (8-bit gray, gray+alpha, RGB, RGBA and palette images, not interlaced), so the browser
tests need nothing beyond Debian's python3 and selenium. Pixels come back as a flat list of RGBA tuples."""

import struct
import zlib


class Image:
    def __init__(self, width, height, pixels):
        self.width = width
        self.height = height
        self.pixels = pixels  # row-major list of (r, g, b, a)

    def __getitem__(self, xy):
        x, y = xy
        return self.pixels[y * self.width + x]


def _paeth(a, b, c):
    p = a + b - c
    pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
    if pa <= pb and pa <= pc:
        return a
    return b if pb <= pc else c


def decode(data):
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        raise ValueError("not a PNG")
    pos = 8
    idat = b""
    palette = None
    transparency = None
    width = height = depth = color_type = interlace = None
    while pos < len(data):
        length, kind = struct.unpack(">I4s", data[pos : pos + 8])
        body = data[pos + 8 : pos + 8 + length]
        pos += 12 + length
        if kind == b"IHDR":
            width, height, depth, color_type, _, _, interlace = struct.unpack(">IIBBBBB", body)
        elif kind == b"PLTE":
            palette = [tuple(body[i : i + 3]) for i in range(0, len(body), 3)]
        elif kind == b"tRNS":
            transparency = body
        elif kind == b"IDAT":
            idat += body
        elif kind == b"IEND":
            break
    if depth != 8 or interlace != 0:
        raise ValueError("only 8-bit, non-interlaced PNGs: depth %s interlace %s" % (depth, interlace))
    channels = {0: 1, 2: 3, 3: 1, 4: 2, 6: 4}[color_type]
    raw = zlib.decompress(idat)
    stride = width * channels
    previous = bytearray(stride)
    rows = []
    i = 0
    for _ in range(height):
        kind = raw[i]
        line = bytearray(raw[i + 1 : i + 1 + stride])
        i += 1 + stride
        if kind == 1:
            for x in range(channels, stride):
                line[x] = (line[x] + line[x - channels]) & 0xFF
        elif kind == 2:
            for x in range(stride):
                line[x] = (line[x] + previous[x]) & 0xFF
        elif kind == 3:
            for x in range(stride):
                left = line[x - channels] if x >= channels else 0
                line[x] = (line[x] + ((left + previous[x]) >> 1)) & 0xFF
        elif kind == 4:
            for x in range(stride):
                left = line[x - channels] if x >= channels else 0
                upper_left = previous[x - channels] if x >= channels else 0
                line[x] = (line[x] + _paeth(left, previous[x], upper_left)) & 0xFF
        rows.append(line)
        previous = line
    pixels = []
    for line in rows:
        if color_type == 6:
            pixels.extend(zip(line[0::4], line[1::4], line[2::4], line[3::4]))
        elif color_type == 2:
            pixels.extend((r, g, b, 255) for r, g, b in zip(line[0::3], line[1::3], line[2::3]))
        elif color_type == 0:
            pixels.extend((v, v, v, 255) for v in line)
        elif color_type == 4:
            pixels.extend((v, v, v, a) for v, a in zip(line[0::2], line[1::2]))
        else:
            for index in line:
                r, g, b = palette[index]
                a = transparency[index] if transparency and index < len(transparency) else 255
                pixels.append((r, g, b, a))
    return Image(width, height, pixels)


def encode(image):
    """An RGBA PNG of `image`, for failure artifacts."""

    def chunk(kind, body):
        return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body) & 0xFFFFFFFF)

    raw = bytearray()
    for y in range(image.height):
        raw.append(0)
        for p in image.pixels[y * image.width : (y + 1) * image.width]:
            raw.extend(p)
    header = struct.pack(">IIBBBBB", image.width, image.height, 8, 6, 0, 0, 0)
    return (
        b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(bytes(raw), 9)) + chunk(b"IEND", b"")
    )
