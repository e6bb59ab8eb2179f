"""Chromium, driven by selenium: waiting for a page, and the pixels Chromium draws for one image of the server."""

import base64

from selenium.webdriver.support.ui import WebDriverWait

from report import fail


def wait_for(driver, condition, what, timeout=10):
    try:
        WebDriverWait(driver, timeout, poll_frequency=0.05).until(lambda d: condition(d))
        return True
    except Exception:
        fail("timed out waiting for " + what)
        return False


def render_in_chromium(driver, server, path, size, scale, height=None):
    """Chromium's pixels of the image at `path`, shown by an <img> of size × height CSS px (square unless `height`
    is given) on a transparent page at `scale` device pixels per CSS pixel."""
    height = height or size
    driver.execute_cdp_cmd(
        "Emulation.setDeviceMetricsOverride",
        {"width": size, "height": height, "deviceScaleFactor": scale, "mobile": False},
    )
    driver.execute_cdp_cmd("Emulation.setDefaultBackgroundColorOverride", {"color": {"r": 0, "g": 0, "b": 0, "a": 0}})
    driver.execute_script(
        "document.documentElement.style.cssText='margin:0;padding:0;background:transparent';"
        "document.body.style.cssText='margin:0;padding:0;background:transparent';"
        "document.body.innerHTML='';var i=new Image();i.width=arguments[1];i.height=arguments[2];"
        "i.style.display='block';i.id='shot';i.src=arguments[0];document.body.appendChild(i);",
        server.base + path,
        size,
        height,
    )
    wait_for(
        driver,
        lambda d: d.execute_script("var i=document.getElementById('shot');return i.complete&&i.naturalWidth>0"),
        "image " + path,
    )
    driver.execute_script("return document.getElementById('shot').decode()")
    shot = driver.execute_cdp_cmd("Page.captureScreenshot", {"format": "png", "fromSurface": True})
    return base64.b64decode(shot["data"])
