"use strict";
// The image URLs the builder writes and /rings.js exports: one writer for both (the build puts this file first in
// the builder's script and in the module).

// Keeps , : / and @ (a stored value's name) readable in the query; everything else as encodeURIComponent writes it.
// ( and ) are escaped too: a bare ) would end a Markdown link early.
function ringsEncode(text) {
  return encodeURIComponent(text).replace(/%2C/g, ",").replace(/%3A/g, ":").replace(/%2F/g, "/")
    .replace(/%40/g, "@").replace(/\(/g, "%28").replace(/\)/g, "%29");
}
// The query of parameters given as [[name, text], …] (in that order; a name may come twice, as the server then
// refuses it) or as an object's own properties; null and undefined leave a parameter out.
function ringsQuery(parameters) {
  var pairs = Array.isArray(parameters) ? parameters : Object.keys(parameters || {}).map(function (name) {
    return [name, parameters[name]];
  });
  return pairs.filter(function (pair) { return pair[1] !== null && pair[1] !== undefined; })
    .map(function (pair) { return pair[0] + "=" + ringsEncode(String(pair[1])); }).join("&");
}
// An image's URL: ringsURL(origin, "ring", "svg", { value: 72 }) is origin + "/ring.svg?value=72" (kind: ring,
// badge, bar or spark; format: svg, png, webp or gif).
function ringsURL(origin, kind, format, parameters) {
  var query = ringsQuery(parameters);
  return origin + "/" + kind + "." + format + (query ? "?" + query : "");
}
// The page that shows that image and fetches it again every `refresh` seconds: /embed in front of its path.
function ringsEmbedURL(origin, kind, format, parameters) {
  return ringsURL(origin + "/embed", kind, format, parameters);
}
