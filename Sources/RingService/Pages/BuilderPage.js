"use strict";
(function () {
  var form = document.getElementById("builder");
  var allFields = Array.prototype.slice.call(form.querySelectorAll("[data-param]"));
  var fields = allFields;
  var svgImg = document.getElementById("preview-svg");
  var pngImg = document.getElementById("preview-png");
  var svgFigure = document.getElementById("svg-figure");
  var pngFigure = document.getElementById("png-figure");
  var pngCaption = document.getElementById("png-caption");
  var backdrop = document.getElementById("backdrop");
  var switchNote = document.getElementById("switch-note");
  var formError = document.getElementById("form-error");
  var status = document.getElementById("status");
  var outURL = document.getElementById("out-url");
  var outMarkdown = document.getElementById("out-markdown");
  var outHTML = document.getElementById("out-html");
  var outEmbed = document.getElementById("out-embed");
  var timer = 0;
  var generation = 0;
  // The further values of a parameter the opening link gave more than once, by field id: sent until the
  // field is edited, so the server refuses the repeat as it refuses the link's own image URL.
  var repeats = {};

  function kind() {
    return form.querySelector("input[name=kind]:checked").value;
  }
  // Shows the fields of the chosen image only; the others keep their text but leave the URL.
  function applyKind() {
    var chosen = kind();
    Array.prototype.forEach.call(form.querySelectorAll(".field"), function (box) {
      box.hidden = box.getAttribute("data-kinds").split(" ").indexOf(chosen) < 0;
    });
    Array.prototype.forEach.call(form.querySelectorAll(".controls fieldset:not(.kinds)"), function (set) {
      set.hidden = !set.querySelector(".field:not([hidden])");
    });
    fields = allFields.filter(function (field) { return !field.closest(".field").hidden; });
  }
  function emptyBox(field) {
    return document.getElementById(field.id + "-empty");
  }
  // The text a field sends, or null where it leaves its parameter out (an empty field keeps the default;
  // a parameter sent empty on purpose has its own checkbox; the value field is off while a live value is
  // read).
  function sent(field) {
    var box = emptyBox(field);
    if (box && box.checked) return "";
    return field.value === "" || field.disabled ? null : field.value;
  }
  // The parameters the form sends, as [name, text] in the fields' order (RingsURL.js writes them).
  function parameters() {
    var pairs = [];
    fields.forEach(function (field) {
      var name = field.getAttribute("data-param");
      var text = sent(field);
      if (text !== null) pairs.push([name, text]);
      if (field.disabled && !emptyBox(field)) return;
      (repeats[field.id] || []).forEach(function (extra) { pairs.push([name, extra]); });
    });
    return pairs;
  }
  function query() {
    return ringsQuery(parameters());
  }
  function imageURL(type) {
    return ringsURL(location.origin, kind(), type, parameters());
  }
  function fieldNamed(name) {
    for (var i = 0; i < fields.length; i++) {
      if (fields[i].getAttribute("data-param") === name) return fields[i];
    }
    return null;
  }
  function attribute(text) {
    return text.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
  }
  function format() {
    return document.querySelector("input[name=format]:checked").value;
  }
  // Each preview on the page its colors are drawn for: theme=auto's SVG follows the system's scheme, and its
  // PNG reads on light and dark pages alike, so both sit on the system's; unless a backdrop is chosen to see the
  // image on another page.
  function applyBackdrop() {
    var field = fieldNamed("theme");
    var theme = field ? field.value : "";
    var expected = theme === "auto" ? "scheme" : theme === "dark" ? "dark" : "light";
    svgFigure.setAttribute("data-backdrop", backdrop.value || expected);
    pngFigure.setAttribute("data-backdrop", backdrop.value || expected);
    pngCaption.textContent = theme === "auto" ? "PNG (reads on light and dark pages)" : "PNG";
  }
  // The address bar follows the form, so the page can be shared or bookmarked as it is and a reload keeps it: the
  // kind and format where they are not the defaults, then the image's own query.
  function followAddress() {
    var parts = [];
    if (kind() !== "ring") parts.push("kind=" + kind());
    if (format() !== "svg") parts.push("format=" + format());
    var q = query();
    if (q) parts.push(q);
    var address = location.pathname + (parts.length ? "?" + parts.join("&") : "");
    if (address !== location.pathname + location.search) history.replaceState(null, "", address);
  }
  function update() {
    var svg = imageURL("svg");
    var png = imageURL("png");
    followAddress();
    svgImg.src = svg;
    pngImg.src = png;
    applyBackdrop();
    outURL.value = format() === "svg" ? svg : format() === "png" ? png : imageURL(format());
    outMarkdown.value = "";
    outHTML.value = "";
    outEmbed.value = "";
    status.textContent = "Checking the image…";
    check(svg, ++generation);
  }
  // X-Error is ASCII (RFC 9110): the service writes "..." for the ellipsis and percent-encodes the UTF-8 of other
  // text it quotes; the field shows the sentence as the image does.
  function sentence(header) {
    return header.replace(/(%[0-9A-F]{2})+/g, function (run) {
      try { return decodeURIComponent(run); } catch (e) { return run; }
    }).replace(/\.\.\./g, "\u2026");
  }
  function errorOf(response) {
    var header = response.headers.get("X-Error");
    return header ? sentence(header) : (response.ok ? "" : "the server answered " + response.status);
  }
  function check(url, mine) {
    fetch(url, { cache: "no-store" }).then(function (response) {
      var message = errorOf(response);
      return response.text().then(function (text) {
        if (mine !== generation) return;
        showLive(response, text, message);
        if (message) {
          show(message);
          return;
        }
        show("");
        snippets(rootAttribute(text, "aria-label") || "progress", rootAttribute(text, "width"),
          rootAttribute(text, "height"));
      });
    }).catch(function (error) {
      if (mine === generation) show("the server did not answer: " + error.message);
    });
  }
  // An attribute of the SVG's root element, read from its text: parsing it as a document would apply the
  // page's CSP to the image's own style element and report a violation.
  function rootAttribute(svg, name) {
    var tag = /<svg\b[^>]*>/.exec(svg);
    var found = tag && new RegExp(" " + name + '="([^"]*)"').exec(tag[0]);
    if (!found) return null;
    return found[1].replace(/&(#x[0-9a-fA-F]+|#[0-9]+|amp|lt|gt|quot|apos);/g, function (all, name) {
      if (name.charAt(0) !== "#") return { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'" }[name];
      return String.fromCodePoint(name.charAt(1) === "x" ? parseInt(name.slice(2), 16) : Number(name.slice(1)));
    });
  }
  // The snippets of an image the server draws: its accessible name as alt text (every ring and bar of a
  // list), and its size in CSS pixels (a PNG's pixels divided by its scale). Markdown's ![…](…) shows an image at
  // its pixel size, so a PNG drawn at a scale above 1 is given as the HTML <img> with its CSS size, which
  // Markdown renderers such as GitHub's take as it is.
  function snippets(alt, width, height) {
    var chosen = outURL.value;
    svgImg.alt = alt;
    pngImg.alt = alt;
    outHTML.value = '<img alt="' + attribute(alt) + '" src="' + attribute(chosen) + '" width="' + width +
      '" height="' + height + '">';
    var scale = fieldNamed("scale");
    var dense = format() !== "svg" && scale && sent(scale) !== null && Number(scale.value) > 1;
    outMarkdown.value = dense ? outHTML.value : "![" + alt.replace(/([\[\]\\])/g, "\\$1") + "](" + chosen + ")";
    // The page that shows the image and fetches it again every `refresh` seconds, in a frame of the image's size.
    var embed = ringsEmbedURL(location.origin, kind(), format(), parameters());
    outEmbed.value = '<iframe src="' + attribute(embed) + '" width="' + width + '" height="' + height +
      '" title="' + attribute(alt) + '" style="border:0"></iframe>';
  }
  function show(message) {
    allFields.forEach(function (field) {
      field.removeAttribute("aria-invalid");
      document.getElementById(field.id + "-error").textContent = "";
    });
    formError.textContent = "";
    var none = message ? "No snippet while the image is an error: fix the value the message names." : "";
    outMarkdown.placeholder = none;
    outHTML.placeholder = none;
    outEmbed.placeholder = none;
    if (!message) {
      status.textContent = "Preview up to date.";
      return;
    }
    status.textContent = "";
    svgImg.alt = pngImg.alt = "error: " + message;
    var colon = message.indexOf(":");
    var field = colon > 0 ? fieldNamed(message.slice(0, colon)) : null;
    if (field) {
      field.setAttribute("aria-invalid", "true");
      document.getElementById(field.id + "-error").textContent = message;
    } else {
      formError.textContent = message;
    }
  }
  // A color field's swatch shows the color typed (the first of a list), as the browser reads it; shields' names,
  // which CSS lacks, come with the page (data-named-colors). A text the swatch cannot show leaves it as it was.
  var named = {};
  (form.getAttribute("data-named-colors") || "").split(" ").forEach(function (pair) {
    var at = pair.indexOf(":");
    if (at > 0) named[pair.slice(0, at)] = pair.slice(at + 1);
  });
  var paint = document.createElement("canvas").getContext("2d");
  function swatch(field) {
    var picker = form.querySelector("[data-picker-for='" + field.id + "']");
    // The first item of a list; a comma inside rgb(…) or hsl(…) is no separator.
    var text = /^[^,(]*(\([^)]*\))?[^,]*/.exec(field.value)[0].trim();
    if (!picker || !text || text === "none") return;
    if (/^[0-9a-f]{3,8}$/i.test(text)) text = "#" + text;
    var hex = named[text.toLowerCase()];
    if (!hex) {
      // A text the canvas refuses leaves its fill as it was: two fills before it tell it apart.
      paint.fillStyle = "#000000";
      paint.fillStyle = text;
      var read = paint.fillStyle;
      paint.fillStyle = "#ffffff";
      paint.fillStyle = text;
      if (paint.fillStyle !== read) return;
      var rgb = /^rgba?\((\d+), (\d+), (\d+)/.exec(read);
      if (rgb) {
        read = "#" + rgb.slice(1, 4).map(function (c) { return ("0" + Number(c).toString(16)).slice(-2); }).join("");
      }
      hex = read;
    }
    picker.value = hex.slice(0, 7);
  }
  function later() {
    clearTimeout(timer);
    timer = setTimeout(update, 250);
  }

  var liveSection = document.getElementById("live");
  var liveParameters = ["url", "query", "maxQuery", "prometheus", "server", "timeQuery"];
  var readout = builderReadout(liveParameters, fieldNamed, rootAttribute);
  var liveParameter = readout.liveParameter;
  var applyLive = readout.applyLive;
  var showLive = readout.showLive;
  var switchKind = builderKindSwitch({
    kind: kind, applyKind: applyKind, fields: function () { return fields; }, fieldNamed: fieldNamed,
    imageURL: imageURL, errorOf: errorOf, update: update, repeats: repeats, liveParameters: liveParameters,
    status: status, switchNote: switchNote
  });

  // A link such as /?value=50&color=red, /?kind=badge&label=docs or /?kind=bar&format=gif&value=40 (the
  // gallery's "open in the builder") fills the form.
  var given = new URLSearchParams(location.search);
  Array.prototype.forEach.call(form.querySelectorAll("input[name=kind]"), function (radio) {
    if (radio.value === given.get("kind")) radio.checked = true;
  });
  Array.prototype.forEach.call(document.querySelectorAll("input[name=format]"), function (radio) {
    if (radio.value === given.get("format")) radio.checked = true;
  });
  applyKind();
  var seen = {};
  given.forEach(function (value, name) {
    var field = fieldNamed(name);
    if (!field) return;
    if (seen[name]) {
      (repeats[field.id] = repeats[field.id] || []).push(value);
      return;
    }
    seen[name] = true;
    var box = emptyBox(field);
    if (box && value === "") {
      box.checked = true;
      field.disabled = true;
      return;
    }
    field.value = value;
    if (field.value !== value) {
      // A keyword the list does not offer still goes to the server, which names what it accepts.
      var option = document.createElement("option");
      option.value = option.textContent = value;
      field.appendChild(option);
      field.value = value;
    }
  });
  if (!location.search) fieldNamed("value").value = "72";
  allFields.forEach(swatch);
  applyLive();
  var folded = ["query", "maxQuery", "server", "timeQuery", "staleAfter", "staleColor", "staleLabel", "tz"]
    .concat(readout.clockParameters);
  if (liveParameter() || folded.some(function (name) { return given.has(name); })) {
    liveSection.open = true;
  }

  form.addEventListener("input", function (event) {
    var target = event.target;
    // The results' own controls (format, backdrop) have listeners of their own.
    if (target.closest(".results")) return;
    if (target.name === "kind") {
      switchKind();
      return;
    }
    switchNote.textContent = "";
    var picker = target.getAttribute("data-picker-for");
    var emptyFor = target.getAttribute("data-empty-for");
    var edited = document.getElementById(picker || emptyFor || target.id);
    if (picker) edited.value = target.value;
    else if (edited && edited.type === "text") swatch(edited);
    if (emptyFor) edited.disabled = target.checked;
    if (edited) {
      delete repeats[edited.id];
      switchKind.forget(edited.id);
    }
    applyLive();
    later();
  });
  form.addEventListener("change", function (event) {
    if (event.target.name !== "kind" && !event.target.closest(".results")) later();
  });
  form.addEventListener("submit", function (event) {
    event.preventDefault();
    update();
  });
  Array.prototype.forEach.call(document.querySelectorAll("input[name=format]"), function (radio) {
    radio.addEventListener("change", update);
  });
  backdrop.addEventListener("change", applyBackdrop);
  document.addEventListener("click", function (event) {
    var button = event.target.closest("button[data-copy]");
    if (!button) return;
    var area = document.getElementById(button.getAttribute("data-copy"));
    area.focus();
    area.select();
    var said = button.textContent.replace(/^Copy /, "");
    function done(ok) {
      status.textContent = ok ? said + " copied." : "Press Ctrl+C to copy the selected " + said + ".";
    }
    if (navigator.clipboard && window.isSecureContext) {
      navigator.clipboard.writeText(area.value).then(function () { done(true); }, function () {
        done(document.execCommand("copy"));
      });
    } else {
      done(document.execCommand("copy"));
    }
  });
  update();
})();
