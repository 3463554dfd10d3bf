package lessons_test

import (
	"fmt"
	"testing/fstest"

	"qixue/exercises"
	"qixue/lessons"
)

// Check reports every problem of a content folder with its file and JSON
// path.
func ExampleCheck() {
	files := fstest.MapFS{"chess/k1.json": {Data: []byte(`{
		"id": "chess-k1", "version": 1, "game": "chess", "band": "K1",
		"title": {"zh-CN": "国际象棋", "en": "Chess"},
		"description": {"zh-CN": "入门", "en": ""},
		"units": [{"id": "chess-k1-review", "title": {"zh-CN": "复习", "en": "Review"}, "lessons": [
			{"id": "chess-k1-review-board", "title": {"zh-CN": "棋盘", "en": "The board"},
			 "objectives": [{"zh-CN": "认识棋盘", "en": "Know the board"}], "tags": ["chess.board"], "minutes": 10,
			 "blocks": [{"type": "diagram", "position": "8/8/8/8/8/8/8/8 w - - 0 1", "highlight": ["e9"]}]}
		]}]
	}`)}}
	var bank []exercises.Exercise // exercises.Bank() in real use
	_, problems := lessons.Check(files, bank)
	for _, p := range problems {
		fmt.Println(p.File, p.Path)
	}
	// Output:
	// chess/k1.json $.description
	// chess/k1.json $.units[0].lessons[0].blocks[0].highlight
	// chess/k1.json $.units[0].lessons[0].blocks
}
