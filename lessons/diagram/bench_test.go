package diagram

import "testing"

// BenchmarkRender draws each golden diagram once per iteration.
func BenchmarkRender(b *testing.B) {
	for _, g := range goldens {
		b.Run(g.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if _, err := Render(g.game, g.opts); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
