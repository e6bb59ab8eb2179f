"""Decodes a GIF with Pillow (Debian's python3-pil, run by /usr/bin/python3) for the tests: the GIF on standard
input; on standard output one line `FRAMES n LOOP l` (l is `none` without a loop extension), then for each frame a
line `W H DURATION` (milliseconds) and the frame's W x H pixels as Pillow composites them (disposal applied), as
RGBA bytes."""

import io
import sys

from PIL import Image, ImageSequence

image = Image.open(io.BytesIO(sys.stdin.buffer.read()))
frames = [(frame.convert("RGBA"), frame.info.get("duration", 0)) for frame in ImageSequence.Iterator(image)]
out = sys.stdout.buffer
out.write(b"FRAMES %d LOOP %s\n" % (len(frames), str(image.info.get("loop", "none")).encode()))
for rgba, duration in frames:
    out.write(b"%d %d %d\n" % (rgba.width, rgba.height, duration))
    out.write(rgba.tobytes())
