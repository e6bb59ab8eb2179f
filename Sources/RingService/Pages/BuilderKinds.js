"use strict";
// The builder's switch of kind (BuilderPage.js calls it with its helpers and state, and calls the function it returns
// when a kind is chosen). A switch keeps the text of the fields both kinds share; what the new kind refuses is
// converted (a list becomes its first item on a badge, numbers become a sparkline's points) or, if the server still
// refuses it, left out, and the note says so: a switch never lands on an error that the switch made. What a switch
// converted or left out is kept, and the next switch brings it back unless the field was edited in between: a value
// survives a round through every kind.
function builderKindSwitch(page) {
  // Counts the switches: an answer to an earlier one is dropped.
  var switching = 0;
  // The parameters that take one item per ring or bar; a badge takes one.
  var lists = ["value", "color", "track", "gradient"];
  // By field id: the text a switch replaced (original) and what it put there (left).
  var kept = {};

  function put(field, text) {
    var id = field.id;
    if (!kept[id]) kept[id] = { original: field.value };
    kept[id].left = text;
    field.value = text;
  }
  // Gives back what earlier switches changed in fields not edited since, and says which.
  function restore(notes) {
    Object.keys(kept).forEach(function (id) {
      var field = document.getElementById(id);
      if (field && field.value === kept[id].left && kept[id].original !== field.value) {
        field.value = kept[id].original;
        if (!field.closest(".field").hidden && field.value !== "") {
          notes.push(field.getAttribute("data-param") + "=" + field.value + " is back.");
        }
      }
    });
    kept = {};
  }

  function switchKind() {
    var before = page.fields().slice();
    var notes = [];
    page.applyKind();
    restore(notes);
    var valueField = page.fieldNamed("value");
    // Numbers become the sparkline's points (it draws a series; a value is only a stored one's name).
    var numbers = valueField && /^\s*-?[0-9.][^@]*,/.test(valueField.value) ? valueField.value : "";
    // A sparkline draws nothing without points or a stored value's history: it starts from the points' example
    // rather than an error.
    var points = page.kind() === "spark" ? page.fieldNamed("points") : null;
    var stored = /^\s*@/.test((valueField || {}).value || "");
    if (points && points.value === "" && numbers) {
      put(points, numbers.replace(/\s+/g, ""));
      put(valueField, "");
      notes.push("value=" + numbers + " became points=" + points.value + ".");
    }
    if (points && points.value === "" && !stored) put(points, points.placeholder);
    var carried = {};
    page.fields().forEach(function (field) {
      var name = field.getAttribute("data-param");
      if (before.indexOf(field) < 0 || field.value === "") return;
      carried[name] = field;
      if (page.kind() === "badge" && lists.indexOf(name) >= 0 && field.value.indexOf(",") >= 0) {
        var first = field.value.split(",")[0].trim();
        notes.push(name + ": a badge shows one, so " + field.value + " became " + first + ".");
        put(field, first);
      }
    });
    settle(carried, notes, ++switching, 8);
  }
  // Asks the server for the new kind's image and leaves out the field its refusal names, at most `rounds` times.
  function settle(carried, notes, mine, rounds) {
    page.status.textContent = "Checking the image…";
    function done() {
      if (mine !== switching) return;
      page.switchNote.textContent = notes.length ? "Switched to " + page.kind() + ". " + notes.join(" ") : "";
      page.update();
    }
    fetch(page.imageURL("svg"), { method: "HEAD", cache: "no-store" }).then(function (response) {
      if (mine !== switching) return;
      var message = page.errorOf(response);
      var colon = message.indexOf(":");
      var field = colon > 0 ? carried[message.slice(0, colon)] : null;
      // A live value's refusal (off here, not read) is the same for every kind: the field stays.
      var live = field && page.liveParameters.indexOf(field.getAttribute("data-param")) >= 0;
      if (!field || live || page.repeats[field.id] || rounds === 0) return done();
      notes.push("Left out " + field.getAttribute("data-param") + "=" + field.value + ", which a " + page.kind() +
        " refuses (" + message + ").");
      put(field, "");
      delete carried[field.getAttribute("data-param")];
      // A sparkline whose stored value is left out (this server keeps none) draws the points' example, as a
      // switch without one does, rather than stop at "points: is missing".
      var points = page.kind() === "spark" ? page.fieldNamed("points") : null;
      if (points && points.value === "" && field === page.fieldNamed("value")) {
        put(points, points.placeholder);
        notes.push("points=" + points.value + " is an example: put your numbers there.");
      }
      settle(carried, notes, mine, rounds - 1);
    }, done);
  }
  // An edited field keeps what was typed: a later switch brings nothing back over it.
  switchKind.forget = function (id) { delete kept[id]; };
  return switchKind;
}
