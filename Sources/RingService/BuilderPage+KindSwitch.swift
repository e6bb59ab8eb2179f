extension BuilderPage {
    /// The part of the builder's script that switches the kind of image, inside the page script's scope (it uses
    /// its `fields`, `applyKind`, `imageURL`, `update` and friends): what the kinds share is kept, what the new kind
    /// refuses is converted or left out, and a note says which.
    static let kindSwitchScript = #"""
          // A switch of kind keeps the text of the fields both kinds share; what the new kind refuses is converted
          // (a list becomes its first item on a badge) or, if the server still refuses it, left out, and the note
          // says so: a switch never lands on an error that the switch made.
          function switchKind() {
            var before = fields.slice();
            applyKind();
            var carried = {};
            var notes = [];
            fields.forEach(function (field) {
              var name = field.getAttribute("data-param");
              if (before.indexOf(field) < 0 || field.value === "") return;
              carried[name] = field;
              if (kind() === "badge" && lists.indexOf(name) >= 0 && field.value.indexOf(",") >= 0) {
                var first = field.value.split(",")[0].trim();
                notes.push(name + ": a badge shows one, so " + field.value + " became " + first + ".");
                field.value = first;
              }
            });
            settle(carried, notes, ++switching, 8);
          }
          function settle(carried, notes, mine, rounds) {
            status.textContent = "Checking the image…";
            function done() {
              if (mine !== switching) return;
              switchNote.textContent = notes.length ? "Switched to " + kind() + ". " + notes.join(" ") : "";
              update();
            }
            fetch(imageURL("svg"), { method: "HEAD", cache: "no-store" }).then(function (response) {
              if (mine !== switching) return;
              var message = errorOf(response);
              var colon = message.indexOf(":");
              var field = colon > 0 ? carried[message.slice(0, colon)] : null;
              // A live value's refusal (off here, not read) is the same for every kind: the field stays.
              var live = field && liveParameters.indexOf(field.getAttribute("data-param")) >= 0;
              if (!field || live || repeats[field.id] || rounds === 0) return done();
              notes.push("Left out " + field.getAttribute("data-param") + "=" + field.value + ", which a " + kind() +
                " refuses (" + message + ").");
              field.value = "";
              delete carried[field.getAttribute("data-param")];
              settle(carried, notes, mine, rounds - 1);
            }, done);
          }
        """#
}
