package main

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"
)

func runChess(t *testing.T, stdin string, args ...string) (stdout, stderr string, err error) {
	t.Helper()
	var out, errOut bytes.Buffer
	err = run(context.Background(), args, strings.NewReader(stdin), &out, &errOut)
	return out.String(), errOut.String(), err
}

func lastLine(s string) string {
	lines := strings.Split(strings.TrimSpace(s), "\n")
	return lines[len(lines)-1]
}

func TestRulesChessPerft(t *testing.T) {
	kiwi := "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq -"
	out, _, err := runChess(t, "", "rules", "perft", "--game", "chess", "--position", kiwi, "--depth", "2")
	if err != nil || lastLine(out) != "2039" {
		t.Fatalf("perft: %q %v", out, err)
	}
	out, _, err = runChess(t, "", "rules", "perft", "--game", "chess", "--depth", "2", "--divide")
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if err != nil || len(lines) != 21 || lines[20] != "400" || !strings.Contains(out, "e2e4 20\n") {
		t.Fatalf("divide: %q %v", out, err)
	}
	_, stderr, err := runChess(t, "", "rules", "perft", "--game", "chess", "--position", "8/8/8 w - -", "--depth", "1")
	if err != exitError(1) || !strings.Contains(stderr, "invalid FEN") {
		t.Errorf("bad FEN: %q %v", stderr, err)
	}
}

func TestRulesChessPlayClaim(t *testing.T) {
	// Flags come before the moves.
	shuffle := []string{"Nf3", "Nf6", "Ng1", "Ng8", "Nf3", "Nf6", "Ng1"}
	out, _, err := runChess(t, "", append([]string{"rules", "play", "--game", "chess", "--claim", "Ng8"}, shuffle...)...)
	want := "draw (threefold repetition): after Ng8 the same position will have appeared 3 times\n" +
		"rnbqkb1r/pppppppp/5n2/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 7 4\n" // Ng8 not played
	if err != nil || out != want {
		t.Fatalf("correct claim: %q %v", out, err)
	}
	out, _, err = runChess(t, "", append([]string{"rules", "play", "--game", "chess", "--lang", "zh-CN", "--claim", "Nc6"}, shuffle...)...)
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if err != nil || len(lines) != 2 || !strings.HasPrefix(lines[0], "和棋申请不成立：") ||
		lines[1] != "r1bqkb1r/pppppppp/2n2n2/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 8 5" {
		t.Fatalf("incorrect claim must play the move: %q %v", out, err)
	}
	out, _, err = runChess(t, "", "rules", "play", "--game", "chess", "--position", "k7/8/8/8/8/8/8/1R5K w - - 99 80", "--claim", "Rb2")
	if err != nil || !strings.HasPrefix(out, "draw (fifty-move rule)") {
		t.Fatalf("fifty moves: %q %v", out, err)
	}
	_, stderr, err := runChess(t, "", "rules", "play", "--game", "chess", "--claim", "Ke7", "e4")
	if err != exitError(1) || strings.TrimSpace(stderr) != "claim, move 1 (black): Ke7: your own pawn is on e7" {
		t.Fatalf("illegal claim: %q %v", stderr, err)
	}
}

func TestRulesChessMovesAndPlay(t *testing.T) {
	out, _, err := runChess(t, "", "rules", "moves", "--game", "chess", "--position", "4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1")
	if err != nil || !strings.Contains(out, "O-O\n") || !strings.Contains(out, "O-O-O\n") || !strings.Contains(out, "Ra8+\n") {
		t.Fatalf("moves: %q %v", out, err)
	}
	out, _, err = runChess(t, "", "rules", "play", "--game", "chess", "e4", "e5", "Ng1-f3", "b8c6")
	if err != nil || strings.TrimSpace(out) != "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3" {
		t.Fatalf("play: %q %v", out, err)
	}
	_, stderr, err := runChess(t, "", "rules", "play", "--game", "chess", "e4", "e5", "Ke3")
	if err != exitError(1) || strings.TrimSpace(stderr) != "move 2 (white): Ke3: no king can reach e3" {
		t.Fatalf("illegal play: %q %v", stderr, err)
	}
	_, stderr, _ = runChess(t, "", "rules", "play", "--game", "chess", "--lang", "zh-CN", "Ne4")
	if !strings.HasPrefix(stderr, "第1回合（白方）：Ne4：没有马能走到 e4") {
		t.Errorf("zh message: %q", stderr)
	}
}

func TestRulesChessPGN(t *testing.T) {
	seed := filepath.Join("..", "..", "rules", "chess", "testdata", "seed_game.pgn")
	out, _, err := runChess(t, "", "rules", "pgn", seed)
	if err != exitError(1) || strings.TrimSpace(out) != "game 1: error: move 26 (black): Ne4: no knight can reach e4" {
		t.Fatalf("seed game: %q %v", out, err)
	}
	out, _, _ = runChess(t, "", "rules", "pgn", "--lang", "zh-CN", seed)
	if strings.TrimSpace(out) != "第 1 局：错误：第26回合（黑方）：Ne4：没有马能走到 e4" {
		t.Errorf("seed game in Chinese: %q", out)
	}
	dir := t.TempDir()
	file := filepath.Join(dir, "games.pgn")
	text := "[Event \"a\"]\n\n1.e4e52.Nf3Nc6 *\n\n[Event \"b\"]\n\n1. f3 e5 2. g4 Qh4# 0-1\n"
	if err := os.WriteFile(file, []byte(text), 0o600); err != nil {
		t.Fatal(err)
	}
	out, _, err = runChess(t, "", "rules", "pgn", file)
	want := "game 1: r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3\n" +
		"game 2: rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3\n"
	if err != nil || out != want {
		t.Fatalf("pgn: %q %v", out, err)
	}
	out, _, err = runChess(t, text, "rules", "pgn", "--game", "chess", "-")
	if err != nil || out != want {
		t.Fatalf("pgn from stdin: %q %v", out, err)
	}
}

func TestRulesChessEscapesAndMate(t *testing.T) {
	out, _, err := runChess(t, "", "rules", "escapes", "--game", "chess", "--position", "rn2k3/8/p7/1B6/8/8/8/4K3 b - - 0 1")
	want := "Kd8 king\nKf8 king\nKe7 king\nKf7 king\nNc6 block\nNd7 block\naxb5 capture\n"
	if err != nil || !sameLines(out, want) {
		t.Errorf("escapes:\n%s\nwant (any order):\n%s", out, want)
	}
	out, _, err = runChess(t, "", "rules", "escapes", "--game", "chess", "--checkers", "--position", "4r2k/8/8/8/8/8/5b2/4K3 w - - 0 1")
	if err != nil || !strings.HasPrefix(out, "checkers: Bf2 Re8\n") || !strings.Contains(out, "Kxf2 capture\n") {
		t.Errorf("escapes --checkers: %q %v", out, err)
	}
	_, stderr, err := runChess(t, "", "rules", "escapes", "--game", "chess")
	if err != exitError(1) || !strings.Contains(stderr, "not in check") {
		t.Errorf("escapes without check: %q %v", stderr, err)
	}
	out, _, err = runChess(t, "", "rules", "mate", "--game", "chess", "--position", "r5rk/5p1p/5R2/4B3/8/8/7P/7K w - - 0 1", "--depth", "3")
	if err != nil || out != "Ra6+\n" {
		t.Errorf("mate: %q %v", out, err)
	}
}

// sameLines reports whether two outputs have the same lines in any order.
func sameLines(a, b string) bool {
	x := strings.Split(strings.TrimSpace(a), "\n")
	y := strings.Split(strings.TrimSpace(b), "\n")
	sort.Strings(x)
	sort.Strings(y)
	return strings.Join(x, "\n") == strings.Join(y, "\n")
}
