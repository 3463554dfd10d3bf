package web_test

import (
	"strings"
	"testing"
)

// zhLatinJS lists the Latin words a reader of the zh-CN app meets on the
// page: its text and the texts given to assistive technology
// (aria-label, title, placeholder, alt), outside data the app shows as
// it is (marked translate="no": usernames, class codes, names, titles
// of exercises). Moves and board coordinates (e4, Nf3, O-O, h8, 32-28,
// 28x19) are not words; nor are PIN and CSV, which Chinese software
// writes in Latin letters too.
const zhLatinJS = `(() => {
  if (document.documentElement.lang !== 'zh-CN') return [];
  const ok = [
    /^(?:[KQRBN]?[a-h]?[1-8]?x?[a-h][1-8](?:=[QRBN])?|O-O(?:-O)?)[+#]?$/, // chess SAN
    /^[a-h][1-8][a-h][1-8][qrbn]?$/,                                     // chess UCI
    /^[a-s]\d{0,2}(?:-[a-s]\d{1,2})*$/,                                // files, points and lines (a, h8, a17, h8-h10)
    /^\d+(?:[-x]\d+)+$/,                                                // draughts moves
    /^(?:PIN|CSV)$/,
  ];
  const found = new Set();
  const scan = (text) => {
    for (const w of String(text || '').match(/[A-Za-z0-9][A-Za-z0-9+#=-]*/g) || []) {
      const word = w.replace(/[-+#=]+$/, (m) => (/^[+#]$/.test(m) ? m : ''));
      if (/[A-Za-z]/.test(word) && !ok.some((re) => re.test(word))) found.add(word);
    }
  };
  // Data shown as it is, and texts in another language on purpose (the
  // English switch, marked lang="en").
  const raw = (el) => !!(el && el.closest && (el.closest('[translate="no"], noscript') ||
    !/^zh/.test((el.closest('[lang]') || document.documentElement).getAttribute('lang'))));
  const walk = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let n = walk.nextNode(); n; n = walk.nextNode()) {
    const p = n.parentElement;
    if (!p || raw(p) || p.closest('script, style, title')) continue;
    scan(n.textContent);
  }
  for (const el of document.body.querySelectorAll('[aria-label], [title], [placeholder], [alt]')) {
    if (raw(el)) continue;
    for (const a of ['aria-label', 'title', 'placeholder', 'alt']) scan(el.getAttribute(a));
  }
  return [...found].sort();
})()`

// checkZh fails the test when the page, in zh-CN, shows Latin words
// (see zhLatinJS). shot calls it, so every screen a browser test keeps
// is checked.
func (b *browser) checkZh(screen string) {
	b.t.Helper()
	if words := evalJS[[]string](b, zhLatinJS); len(words) > 0 {
		b.t.Errorf("zh-CN screen %s shows Latin words: %s", screen, strings.Join(words, " "))
	}
}

// TestZhLatinScan: the scan finds English words and lets moves,
// coordinates and data marked translate="no" pass.
func TestZhLatinScan(t *testing.T) {
	if testing.Short() {
		t.Skip("browser test skipped in -short mode")
	}
	base := startServer(t)
	b := newBrowser(t, base, 1024, 768)
	b.open("/")
	b.wait(".door")
	got := evalJS[[]string](b, `(() => {
		document.documentElement.lang = 'zh-CN';
		const m = document.getElementById('main');
		m.innerHTML = '<p>走 e4 或 Nf3、O-O、exd5+、e8=Q、e2e4，落子 h8、o15，跳 32-28、28x19，输入 PIN，下载 CSV</p>' +
			'<p translate="no">Anna Smith scxq4xn</p><p title="Tap here">点这里</p><button aria-label="Submit">✔</button><p>Next 步</p>';
		return `+zhLatinJS+`;
	})()`)
	if strings.Join(got, " ") != "Next Submit Tap here" {
		t.Errorf("scan found %q, want Next Submit Tap here", got)
	}
}
