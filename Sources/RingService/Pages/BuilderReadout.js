"use strict";
// The builder's readout of where an image's value came from (BuilderPage.js calls it with its helpers): for a live
// or stored value, what the image shows, when the value was read or pushed, its origin (X-Source), how long it stays
// fresh and, for a stored value, the curl line that pushes it; or the server's sentence when reading failed. The
// value field is off while a live source is named. The build (BuilderScriptPlugin) puts this file first in the
// page's one script.
function builderReadout(liveParameters, fieldNamed, rootAttribute) {
  var liveBox = document.getElementById("live-read");
  var liveFacts = document.getElementById("live-facts");
  var liveError = document.getElementById("live-error");
  var liveHeading = document.getElementById("live-read-heading");
  // The parameters that make the clock the value (from with to, until, since): the server refuses a value beside
  // them, as it does beside a live source.
  var clockParameters = ["from", "to", "until", "since"];
  // The parameters whose refusal means the value was not read (the document's value and max included).
  var readParameters = liveParameters.concat(["value", "max"]);
  var origins = {
    fresh: "fresh: read from its source for this request",
    cached: "cached: read before and still fresh",
    stale: "stale: the last value read, shown because reading it again failed",
    stored: "stored: pushed to this server (value=@name), read from its memory"
  };
  // "url" or "prometheus", whichever is set, or null for an image whose value is in the URL.
  function liveParameter() {
    var named = ["url", "prometheus"].filter(function (name) {
      var field = fieldNamed(name);
      return field && field.value !== "";
    });
    return named.length ? named[0] : null;
  }
  // "from", "until"…, whichever is set first, or null.
  function clockParameter() {
    var named = clockParameters.filter(function (name) {
      var field = fieldNamed(name);
      return field && field.value !== "";
    });
    return named.length ? named[0] : null;
  }
  // The value field is off (and its text put aside, back when the live value or the clock goes) while one is
  // read or the clock drives the value. A sparkline has no value field: its numbers are its points.
  function applyLive() {
    var value = fieldNamed("value");
    if (!value) return;
    var named = liveParameter() || clockParameter();
    if (named && !value.disabled) {
      value.setAttribute("data-kept", value.value);
      value.setAttribute("data-placeholder", value.placeholder);
      value.value = "";
      value.disabled = true;
    } else if (!named && value.disabled) {
      value.disabled = false;
      value.value = value.getAttribute("data-kept") || "";
      value.placeholder = value.getAttribute("data-placeholder");
    }
    if (named) {
      value.placeholder = clockParameters.indexOf(named) >= 0 ? "not used: the clock drives it (" + named + ")"
        : "read from " + named;
    }
  }
  function showLive(response, svg, message) {
    var origin = response.headers.get("X-Source");
    liveBox.hidden = !origin && !liveParameter();
    if (liveBox.hidden) return;
    liveFacts.hidden = !!message;
    liveError.textContent = "";
    if (message) {
      var about = message.slice(0, Math.max(message.indexOf(":"), 0));
      var read = !about || readParameters.indexOf(about) >= 0;
      liveError.textContent = (read ? "Not read" : "No image") + " (HTTP " + response.status + "): " +
        message;
      return;
    }
    document.getElementById("live-shows").textContent = rootAttribute(svg, "aria-label") || "";
    var readAt = new Date(response.headers.get("Last-Modified") || NaN);
    var time = document.getElementById("live-read-at");
    time.dateTime = isNaN(readAt) ? "" : readAt.toISOString();
    time.textContent = isNaN(readAt) ? "unknown" : readAt.toLocaleString();
    document.getElementById("live-source").textContent = origins[origin] || origin || "";
    liveHeading.textContent = origin === "stored" ? "Stored value" : "Live value";
    // A stored value: how a CI job pushes it (the token stays in the job's secrets).
    var valueField = fieldNamed("value");
    var name = valueField && /^@([a-z0-9._-]{1,64})$/.exec(valueField.value.trim());
    document.getElementById("live-push-row").hidden = !(origin === "stored" && name);
    document.getElementById("live-push").textContent = origin === "stored" && name
      ? "curl -sS --fail-with-body -X PUT -H \"Authorization: Bearer $RINGS_TOKEN\" --data 87.4 " + location.origin + "/values/" +
        name[1]
      : "";
    var maxAge = /max-age=(\d+)/.exec(response.headers.get("Cache-Control") || "");
    var seconds = maxAge ? Number(maxAge[1]) : 0;
    document.getElementById("live-fresh").textContent = origin === "stale"
      ? "no: the server tries its source again within " + seconds + " s"
      : seconds + " s more, until " + new Date(Date.now() + seconds * 1000).toLocaleTimeString() +
        " (Cache-Control: max-age=" + seconds + ")";
  }
  return { liveParameter: liveParameter, applyLive: applyLive, showLive: showLive, clockParameters: clockParameters };
}
