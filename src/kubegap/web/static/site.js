// Progressive enhancements for every page; without JavaScript each command stays selectable text.
(function () {
  "use strict";

  function copied(button, label) {
    button.textContent = label;
    window.setTimeout(function () { button.textContent = "Copy"; }, 1500);
  }

  function selectText(node) {
    var range = document.createRange();
    range.selectNodeContents(node);
    var selection = window.getSelection();
    selection.removeAllRanges();
    selection.addRange(range);
  }

  // A copy button beside each command; where the clipboard is unavailable the command is selected instead.
  function addCopyButton(command) {
    var button = document.createElement("button");
    button.type = "button";
    button.className = "copy";
    button.textContent = "Copy";
    button.setAttribute("aria-label", "Copy the command " + command.textContent);
    button.addEventListener("click", function () {
      var text = command.textContent;
      if (navigator.clipboard && window.isSecureContext) {
        navigator.clipboard.writeText(text).then(function () { copied(button, "Copied"); },
          function () { selectText(command); copied(button, "Selected"); });
      } else {
        selectText(command);
        copied(button, "Selected");
      }
    });
    var wrapper = document.createElement("div");
    wrapper.className = "command-line";
    command.parentNode.insertBefore(wrapper, command);
    wrapper.appendChild(command);
    wrapper.appendChild(button);
  }

  Array.prototype.forEach.call(document.querySelectorAll("code.command"), addCopyButton);
  window.KubegapSite = { addCopyButton: addCopyButton };
})();
