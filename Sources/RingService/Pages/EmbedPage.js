"use strict";
// Every data-refresh seconds (or the max-age, if longer): a look with the browser's ETag (304 if unchanged).
(function () {
  var img = document.getElementById("image"), src = img.getAttribute("src"), tag = null, shown = null;
  var refresh = Number(img.getAttribute("data-refresh")) || 0, names = { amp: "&", lt: "<", gt: ">", quot: '"' };
  function look(first) {
    fetch(src, { cache: "no-cache" }).then(function (answer) {
      var etag = answer.headers.get("ETag"), age = /max-age=(\d+)/.exec(answer.headers.get("Cache-Control"));
      var changed = first !== true && !(etag && etag === tag);
      tag = etag;
      return answer.blob().then(function (blob) {
        if (changed) {
          var old = shown;
          shown = img.src = URL.createObjectURL(blob);
          if (old) URL.revokeObjectURL(old);
        }
        if (changed || first === true) blob.text().then(function (svg) {
          var name = /<svg\b[^>]* aria-label="([^"]*)"/.exec(svg);
          if (name) img.alt = name[1].replace(/&(amp|lt|gt|quot);/g, function (all, n) { return names[n]; });
        });
        later(age ? Number(age[1]) : 0);
      });
    }).catch(function () { later(0); });
  }
  function later(seconds) { if (refresh) setTimeout(look, Math.max(refresh, seconds) * 1000); }
  addEventListener("load", function () { look(true); });
})();
