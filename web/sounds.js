// The page's sounds (a move, a capture, the end of a game), made by the build
// (tools/make_sounds.py) and played when the Sound setting is on. The page's Python
// calls window.tablutSound(name) from whichever thread it runs in.
//
// The build renames the sounds' folder after its bytes and rewrites its name below.
(function () {
  "use strict";
  var SOUNDS = "./sounds/";
  var players = {};
  window.tablutSound = function (name) {
    if (!/^(move|capture|end)$/.test(name)) return;
    var player = players[name];
    if (!player) player = players[name] = new Audio(SOUNDS + name + ".wav");
    try {
      player.currentTime = 0;
      // A browser that refuses (no gesture yet, no audio device) costs only the sound.
      var playing = player.play();
      if (playing && playing.catch) playing.catch(function () {});
    } catch (error) { /* no sound, no harm */ }
  };
})();
