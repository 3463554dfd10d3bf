package main

import (
	"context"
	"fmt"
	"time"

	"qixue/models"
)

// pendingRatings counts the first attempts of game exercises that have no
// rating change yet: what the periodic rating pass still has to rate.
const pendingRatings = `SELECT count(*) FROM attempts a JOIN exercises e ON e.id = a.exercise_id
 WHERE a.first_attempt AND e.game <> '' AND NOT EXISTS (SELECT 1 FROM rating_changes c WHERE c.attempt_id = a.id)`

// ratingLag polls the running server's database every 250 ms from the
// end of the measured window until no first attempt waits for its
// rating, or for at most limit, and prints how long that took: the
// rating lag after the load (issue 32: current within 30 s of a burst's
// end). It reads the database beside the server (SQLite through its own
// read-only use of the file).
func ratingLag(ctx context.Context, dbURL string, limit time.Duration) {
	db, err := models.Open(dbURL)
	if err != nil {
		fmt.Println("rating lag: not measured:", err)
		return
	}
	defer models.Close(db)
	end := time.Now()
	var first int64 = -1
	for {
		var n int64
		if err := db.WithContext(ctx).Raw(pendingRatings).Scan(&n).Error; err != nil {
			fmt.Println("rating lag: not measured:", err)
			return
		}
		if first < 0 {
			first = n
		}
		if n == 0 {
			fmt.Printf("rating lag: %d first attempts waited for their ratings at the window's end; all rated %.1f s after it\n",
				first, time.Since(end).Seconds())
			return
		}
		if time.Since(end) > limit {
			fmt.Printf("rating lag: %d first attempts waited at the window's end, %d still after %.0f s (not current)\n",
				first, n, limit.Seconds())
			return
		}
		time.Sleep(250 * time.Millisecond)
	}
}
