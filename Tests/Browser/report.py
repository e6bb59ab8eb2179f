"""What the browser run found: its failures, printed as they happen, and the images that show them."""

import base64
import os

failures = []


def fail(message):
    failures.append(message)
    print("FAIL: " + message, flush=True)


def save_artifact(artifacts, name, png_bytes):
    path = os.path.join(artifacts, name)
    with open(path, "wb") as f:
        f.write(png_bytes)
    print("  saved " + path, flush=True)
    if len(png_bytes) <= 48 * 1024 and not os.environ.get("BROWSER_TEST_QUIET"):
        print("  base64 %s: %s" % (name, base64.b64encode(png_bytes).decode()), flush=True)
