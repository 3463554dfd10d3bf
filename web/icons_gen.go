//go:build ignore

// icons_gen draws the app's PNG icons (192 and 512 px) from the same
// shapes as static/icon.svg: a blue field, a white stone, a blue centre.
// The field fills the whole square so the icons can be masked (the
// stone stays inside the central safe zone). Run: go run icons_gen.go
package main

import (
	"image"
	"image/color"
	"image/png"
	"log"
	"os"
	"strconv"
)

func main() {
	blue := color.NRGBA{0x1d, 0x4e, 0x89, 0xff}
	white := color.NRGBA{0xff, 0xff, 0xff, 0xff}
	for _, size := range []int{192, 512} {
		img := image.NewNRGBA(image.Rect(0, 0, size, size))
		const ss = 4 // samples per pixel side
		c := float64(size) / 2
		outer, inner := float64(size)*18/64, float64(size)*9/64
		for y := 0; y < size; y++ {
			for x := 0; x < size; x++ {
				w := 0 // samples inside the white ring
				for sy := 0; sy < ss; sy++ {
					for sx := 0; sx < ss; sx++ {
						dx := float64(x) + (float64(sx)+.5)/ss - c
						dy := float64(y) + (float64(sy)+.5)/ss - c
						d := dx*dx + dy*dy
						if d <= outer*outer && d > inner*inner {
							w++
						}
					}
				}
				f := float64(w) / ss / ss
				mix := func(a, b uint8) uint8 { return uint8(float64(a)*(1-f) + float64(b)*f + .5) }
				img.SetNRGBA(x, y, color.NRGBA{mix(blue.R, white.R), mix(blue.G, white.G), mix(blue.B, white.B), 0xff})
			}
		}
		f, err := os.Create("static/icon-" + strconv.Itoa(size) + ".png")
		if err != nil {
			log.Fatal(err)
		}
		if err := png.Encode(f, img); err != nil {
			log.Fatal(err)
		}
		if err := f.Close(); err != nil {
			log.Fatal(err)
		}
	}
}
