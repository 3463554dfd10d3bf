// Coordinates on the boards. Each board draws its own labels in the
// notation its lessons teach (chess a-h and 1-8, gomoku A-O and 1-15,
// draughts square numbers, number chess row numbers and point letters),
// each label of class "coord"; one switch per device hides them all
// (a K1 class may prefer a clean board). The choice is the device's,
// kept with its language.
import { h } from '../dom.js';
import { t, devicePref, setDevicePref } from '../i18n.js';

export function coordsShown() {
  return devicePref('coords', 'on') !== 'off';
}

function apply(on) {
  document.documentElement.classList.toggle('no-coords', !on);
}
apply(coordsShown());

// coordsSwitch is the button that shows or hides the coordinates of
// every board; game names the labels (draughts has square numbers).
export function coordsSwitch(game) {
  const [show, hide] = game === 'draughts' ? ['numbersShow', 'numbersHide'] : ['coordsShow', 'coordsHide'];
  const btn = h('button', { type: 'button', class: 'btn ghost coords-switch', id: 'coords-switch' });
  const draw = () => {
    const on = coordsShown();
    btn.replaceChildren(h('span', { 'aria-hidden': 'true' }, on ? '▦ ' : '▢ '), t(on ? hide : show));
  };
  btn.onclick = () => {
    const on = !coordsShown();
    setDevicePref('coords', on ? 'on' : 'off');
    apply(on);
    draw();
  };
  draw();
  return btn;
}
