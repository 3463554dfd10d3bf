package main

// openings are the starting lines of the matches: common openings, four to
// eight plies each, in UCI notation. Each is played twice, once with each
// engine as White.
var openings = []string{
	"e2e4 e7e5 g1f3 b8c6 f1b5 a7a6",           // Ruy Lopez
	"e2e4 e7e5 g1f3 b8c6 f1c4 f8c5",           // Italian
	"e2e4 e7e5 g1f3 b8c6 d2d4 e5d4 f3d4",      // Scotch
	"e2e4 e7e5 g1f3 g8f6 f3e5 d7d6",           // Petrov
	"e2e4 e7e5 b1c3 g8f6 f2f4",                // Vienna
	"e2e4 e7e5 f2f4 e5f4",                     // King's Gambit
	"e2e4 c7c5 g1f3 d7d6 d2d4 c5d4 f3d4 g8f6", // Sicilian Najdorf-ish
	"e2e4 c7c5 g1f3 b8c6 d2d4 c5d4 f3d4 e7e5", // Sicilian Sveshnikov-ish
	"e2e4 c7c5 b1c3 b8c6 g2g3",                // Closed Sicilian
	"e2e4 c7c5 c2c3 g8f6 e4e5 f6d5",           // Alapin
	"e2e4 c7c5 g1f3 e7e6 d2d4 c5d4 f3d4 a7a6", // Kan
	"e2e4 e7e6 d2d4 d7d5 b1c3 g8f6",           // French Classical
	"e2e4 e7e6 d2d4 d7d5 e4e5 c7c5",           // French Advance
	"e2e4 e7e6 d2d4 d7d5 b1d2 c7c5",           // French Tarrasch
	"e2e4 c7c6 d2d4 d7d5 e4e5 c8f5",           // Caro-Kann Advance
	"e2e4 c7c6 d2d4 d7d5 b1c3 d5e4 c3e4 c8f5", // Caro-Kann Classical
	"e2e4 d7d5 e4d5 d8d5 b1c3 d5a5",           // Scandinavian
	"e2e4 g8f6 e4e5 f6d5 d2d4 d7d6",           // Alekhine
	"e2e4 d7d6 d2d4 g8f6 b1c3 g7g6",           // Pirc
	"e2e4 g7g6 d2d4 f8g7 b1c3 d7d6",           // Modern
	"d2d4 d7d5 c2c4 e7e6 b1c3 g8f6",           // QGD
	"d2d4 d7d5 c2c4 d5c4 g1f3 g8f6",           // QGA
	"d2d4 d7d5 c2c4 c7c6 g1f3 g8f6",           // Slav
	"d2d4 d7d5 c2c4 c7c6 g1f3 g8f6 b1c3 e7e6", // Semi-Slav
	"d2d4 g8f6 c2c4 e7e6 b1c3 f8b4",           // Nimzo-Indian
	"d2d4 g8f6 c2c4 e7e6 g1f3 b7b6",           // Queen's Indian
	"d2d4 g8f6 c2c4 g7g6 b1c3 f8g7 e2e4 d7d6", // King's Indian
	"d2d4 g8f6 c2c4 g7g6 b1c3 d7d5",           // Grünfeld
	"d2d4 g8f6 c2c4 c7c5 d4d5 e7e6",           // Modern Benoni
	"d2d4 g8f6 c2c4 c7c5 d4d5 b7b5",           // Benko
	"d2d4 f7f5 g2g3 g8f6 f1g2 e7e6",           // Dutch
	"d2d4 g8f6 g1f3 e7e6 c1g5",                // Torre
	"d2d4 d7d5 c1f4 g8f6 e2e3 c7c5",           // London
	"d2d4 g8f6 c2c4 e7e6 g2g3 d7d5 f1g2",      // Catalan
	"c2c4 e7e5 b1c3 g8f6 g1f3 b8c6",           // English Four Knights
	"c2c4 c7c5 b1c3 b8c6 g2g3 g7g6",           // Symmetrical English
	"c2c4 g8f6 b1c3 e7e6 e2e4",                // Mikenas
	"g1f3 d7d5 g2g3 g8f6 f1g2 c7c6",           // Réti / KIA
	"g1f3 g8f6 c2c4 b7b6 g2g3 c8b7",           // Double fianchetto
	"b2b3 e7e5 c1b2 b8c6",                     // Larsen
	"e2e4 e7e5 g1f3 b8c6 b1c3 g8f6",           // Four Knights
	"e2e4 e7e5 g1f3 d7d6 d2d4 g8f6",           // Philidor
	"e2e4 e7e5 g1f3 b8c6 f1c4 g8f6 f3g5",      // Two Knights
	"e2e4 c7c5 g1f3 d7d6 f1b5",                // Moscow
	"e2e4 c7c5 g1f3 g7g6 d2d4 c5d4 f3d4 f8g7", // Accelerated Dragon
	"d2d4 d7d5 g1f3 g8f6 e2e3 e7e6 f1d3",      // Colle
	"d2d4 e7e6 c2c4 f8b4",                     // Bogo-ish
	"e2e4 b7b6 d2d4 c8b7",                     // Owen
	"d2d4 g8f6 c2c4 e7e5 d4e5 f6g4",           // Budapest
	"f2f4 d7d5 g1f3 g8f6 e2e3 g7g6",           // Bird
}
