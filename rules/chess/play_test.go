package chess

import (
	"errors"
	"strings"
	"testing"
)

func mustFEN(t testing.TB, fen string) Position {
	t.Helper()
	p, err := ParseFEN(fen)
	if err != nil {
		t.Fatalf("ParseFEN(%q): %v", fen, err)
	}
	return p
}

func TestFENRoundTrip(t *testing.T) {
	for _, c := range loadPerft(t) {
		p := mustFEN(t, c.fen)
		if got := p.FEN(); got != c.fen {
			t.Errorf("FEN round trip: got %q, want %q", got, c.fen)
		}
	}
	p := mustFEN(t, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -")
	if p.FEN() != StartFEN {
		t.Errorf("counters should default to 0 1, got %q", p.FEN())
	}
}

func TestFENErrors(t *testing.T) {
	cases := []struct{ fen, field, code string }{
		{"", "fields", "fen_field_count"},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP w KQkq - 0 1", "placement", "fen_rank_count"},
		{"rnbqkbnr/ppppxppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "placement", "fen_bad_piece_letter"},
		{"rnbqkbnr/ppppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "placement", "fen_rank_too_long"},
		{"rnbqkbnr/pppppppp/54/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "placement", "fen_rank_too_long"},
		{"rnbqkbnr/ppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "placement", "fen_rank_too_short"},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKKNR w kq - 0 1", "placement", "fen_too_many_kings"},
		{"rnbq1bnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQ - 0 1", "placement", "fen_no_king"},
		{"4k2p/8/8/8/8/8/8/4K3 w - - 0 1", "placement", "fen_pawn_on_back_rank"},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1", "side", "fen_bad_side"},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkz - 0 1", "castling", "fen_bad_castling"},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN1 w KQkq - 0 1", "castling", "fen_impossible_castling"},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e9 0 1", "en_passant", "fen_bad_en_passant"},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e6 0 1", "en_passant", "fen_impossible_en_passant"},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - x 1", "halfmove", "fen_bad_halfmove"},
		{"rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "placement", "fen_rank_too_long"},
		{"4k3/8/8/8/8/8/PPPPPPPP/QQ2K3 w - - 0 1", "placement", "fen_impossible_material"},
		{"4k3/8/8/8/8/8/8/4K3 w - - 0 1 extra", "fields", "fen_field_count"},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 -1", "fullmove", "fen_bad_fullmove"},
		{"4k3/8/8/8/8/8/8/2K4R w K - 0 1", "castling", "fen_impossible_castling"},
		{"4k3/8/8/8/8/8/4Q3/4K3 w - - 0 1", "position", "fen_opponent_in_check"},
	}
	for _, c := range cases {
		_, err := ParseFEN(c.fen)
		var fe *FENError
		if !errors.As(err, &fe) {
			t.Errorf("ParseFEN(%q) = %v, want *FENError", c.fen, err)
			continue
		}
		if fe.Field != c.field || fe.Code() != c.code {
			t.Errorf("ParseFEN(%q): field %s code %s, want %s %s (%v)", c.fen, fe.Field, fe.Code(), c.field, c.code, err)
		}
		if fe.Message("zh-CN") == "" || fe.Message("en") != fe.Error() {
			t.Errorf("messages of %v", err)
		}
	}
}

func TestPlayReasons(t *testing.T) {
	cases := []struct{ fen, move, reason, text string }{
		{StartFEN, "e3e4", ReasonNoPiece, "no piece on e3"},
		{StartFEN, "e7e5", ReasonNotYourPiece, ""},
		{StartFEN, "g1e2", ReasonOwnPiece, ""},
		{StartFEN, "g1g3", ReasonCannotMove, "a knight cannot move from g1 to g3"},
		{StartFEN, "a1a3", ReasonPathBlocked, ""},
		{StartFEN, "e2d3", ReasonPawnNoCapture, ""},
		{StartFEN, "e1g1", ReasonCastleBlocked, ""},
		{"4k3/8/8/8/8/8/8/4K2R w - - 0 1", "e1g1", ReasonCastleNoRight, ""},
		{"4k3/8/8/8/8/8/8/4K2R w K - 0 1", "e1g1", "", ""},
		{"4k3/8/8/8/8/5r2/8/4K2R w K - 0 1", "e1g1", ReasonCastleThrough, "cannot castle through an attacked square (f1)"},
		{"4k3/8/8/8/8/4r3/8/4K2R w K - 0 1", "e1g1", ReasonCastleInCheck, ""},
		{"4k3/8/8/8/8/6r1/8/4K2R w K - 0 1", "e1g1", ReasonKingInCheck, "your king would be in check"},
		{"4k3/8/8/8/8/8/8/r3K2R w K - 0 1", "e1g1", ReasonCastleInCheck, ""},
		{"4k3/8/8/8/8/8/4r3/4KB2 w - - 0 1", "f1g2", ReasonKingInCheck, "your king is in check and this move does not get it out of check"},
		{"4k3/8/8/8/8/8/8/4K3 w - - 0 1", "e1e3", ReasonCannotMove, ""},
		{"4k3/8/8/8/8/8/8/R3K3 w Q - 0 1", "e1c1", "", ""},
		{"4k3/8/8/8/8/8/8/RN2K3 w Q - 0 1", "e1c1", ReasonCastleBlocked, "cannot castle: b1 stands between the king and the rook"},
		{"4k3/8/8/8/8/8/8/4K2R w K - 0 1", "e1f1", "", ""},
		{"4k3/8/8/8/8/8/4K3/8 w - - 0 1", "e2e4", ReasonCannotMove, ""},
		{"4k3/P7/8/8/8/8/8/4K3 w - - 0 1", "a7a8", ReasonPromotionNeeded, ""},
		{"4k3/P7/8/8/8/8/8/4K3 w - - 0 1", "a7a8k", ReasonBadPromotion, ""},
		{"4k3/8/8/8/8/8/P7/4K3 w - - 0 1", "a2a3q", ReasonBadPromotion, ""},
		{"4k3/8/8/8/8/8/8/4K2R w K - 0 1", "e1h1", ReasonCannotMove, ""},
		{"8/8/8/KPp4r/8/8/8/4k3 w - c6 0 2", "b5c6", ReasonKingInCheck, ""},
		{"6Rk/5Kpp/8/8/8/8/8/8 b - - 0 1", "h8g8", ReasonGameOver, "the game is over: checkmate"},
		{"k7/8/1Q6/8/8/8/8/7K b - - 0 1", "a8a7", ReasonGameOver, "the game is over: stalemate"},
	}
	for _, c := range cases {
		p := mustFEN(t, c.fen)
		m, err := ParseUCI(c.move)
		if c.move == "a7a8k" {
			m, err = NewMove(A8-8, A8, King), nil
		}
		if err != nil {
			t.Fatal(err)
		}
		_, err = p.Play(m)
		if c.reason == "" {
			if err != nil {
				t.Errorf("%s %s: unexpected %v", c.fen, c.move, err)
			}
			continue
		}
		var ie *IllegalMoveError
		if !errors.As(err, &ie) || ie.Code() != c.reason {
			t.Errorf("%s %s: got %v, want reason %s", c.fen, c.move, err, c.reason)
			continue
		}
		if c.text != "" && !strings.HasSuffix(ie.Error(), c.text) {
			t.Errorf("%s %s: message %q, want %q", c.fen, c.move, ie.Error(), c.text)
		}
		if ie.Message("zh-CN") == "" || ie.Message("fr") != ie.Message("zh-CN") {
			t.Errorf("zh message for %v", err)
		}
	}
}

// TestSANRoundTrip prints every legal move of the test positions (to depth
// 2 for the tactical ones) and reads it back, also in UCI form and without
// capture, check and promotion marks.
func TestSANRoundTrip(t *testing.T) {
	for _, c := range loadPerft(t) {
		p := mustFEN(t, c.fen)
		var walk func(p Position, depth int)
		walk = func(p Position, depth int) {
			for _, m := range p.LegalMoves() {
				san := p.SAN(m)
				for _, form := range []string{san, m.String(), strings.NewReplacer("x", "", "+", "", "#", "", "=", "").Replace(san)} {
					got, err := p.ParseMove(form)
					if err != nil || !got.same(m) {
						t.Fatalf("%s: %s read as %v, %v (move %v)", p.FEN(), form, got, err, m)
					}
				}
				if depth > 1 {
					next, err := p.Play(m)
					if err != nil {
						t.Fatal(err)
					}
					walk(next, depth-1)
				}
			}
		}
		depth := 1
		if c.name == "kiwipete" || c.name == "position4" || c.name == "position5" {
			depth = 2
		}
		walk(p, depth)
	}
}

func TestParseMoveLenient(t *testing.T) {
	kiwi := "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"
	cases := []struct{ fen, in, want string }{
		{StartFEN, "e4", "e2e4"},
		{StartFEN, "e2-e4", "e2e4"},
		{StartFEN, "Ng1-f3", "g1f3"},
		{StartFEN, "Nf3!?", "g1f3"},
		{StartFEN, "1. e4", "e2e4"},
		{StartFEN, "马f3", "g1f3"},
		{StartFEN, "nf3", "g1f3"},
		{StartFEN, "Pe4", "e2e4"},
		{StartFEN, "e2 e4", "e2e4"},
		{kiwi, "0-0", "e1g1"},
		{kiwi, "O-O-O+", "e1c1"},
		{kiwi, "dxe6", "d5e6"},
		{kiwi, "de6", "d5e6"},
		{kiwi, "Qxf6", "f3f6"},
		{kiwi, "Qf6", "f3f6"},
		{kiwi, "Bxa6", "e2a6"},
		{strings.Replace(kiwi, " w ", " b ", 1), "hg", "h3g2"},
		{strings.Replace(kiwi, " w ", " b ", 1), "b6c4", "b6c4"},
		{"rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3", "exf6 e.p.", "e5f6"},
		{"rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3", "ef", "e5f6"},
		{"4k3/1P6/8/8/8/8/8/4K3 w - - 0 1", "b8Q", "b7b8q"},
		{"4k3/1P6/8/8/8/8/8/4K3 w - - 0 1", "b8=N+", "b7b8n"},
		{"4k3/1P6/8/8/8/8/8/4K3 w - - 0 1", "b7b8r", "b7b8r"},
		{"r3k3/1P6/8/8/8/8/8/4K3 w - - 0 1", "ba8=Q", "b7a8q"},
		{"r3k3/1P6/8/8/8/8/8/4K3 w - - 0 1", "bxa8Q", "b7a8q"},
	}
	for _, c := range cases {
		p := mustFEN(t, c.fen)
		m, err := p.ParseMove(c.in)
		if err != nil || m.String() != c.want {
			t.Errorf("%s: ParseMove(%q) = %v, %v; want %s", c.fen, c.in, m, err, c.want)
		}
	}
}

func TestParseMoveErrors(t *testing.T) {
	cases := []struct{ fen, in, reason, text string }{
		{StartFEN, "Ne4", ReasonNoPieceCanReach, "Ne4: no knight can reach e4"},
		{StartFEN, "Zf3", ReasonBadNotation, ""},
		{StartFEN, "hello", ReasonBadNotation, ""},
		{StartFEN, "e5", ReasonNoPieceCanReach, ""},
		{"4k3/8/8/8/8/8/8/1N1K1N2 w - - 0 1", "Nd2", ReasonAmbiguous, "Nbd2, Nfd2"},
		{"4k3/1P6/8/8/8/8/8/4K3 w - - 0 1", "b8", ReasonPromotionNeeded, "must promote"},
		{"4k3/1P6/8/8/8/8/8/4K3 w - - 0 1", "b8=K", ReasonBadPromotion, "queen, rook, bishop or knight"},
		{"4k3/1P6/8/8/8/8/8/4K3 w - - 0 1", "ｂ８＝Ｋ", ReasonBadPromotion, ""},
		{"4k3/8/8/8/8/8/4r3/4KB2 w - - 0 1", "Bg2", ReasonKingInCheck, "your king is in check and this move does not get it out of check"},
		{"4k3/4r3/8/8/8/8/4B3/4K3 w - - 0 1", "Bd3", ReasonKingInCheck, "your king would be in check"},
		{StartFEN, "O-O", ReasonCastleBlocked, ""},
		{"4k3/8/8/8/8/8/8/R3K3 w - - 0 1", "0-0-0", ReasonCastleNoRight, ""},
		{StartFEN, "e2e5", ReasonCannotMove, ""},
		{StartFEN, "Nb1c3", ReasonNoPiece, "there is no knight on b1"[:0] + ""},
	}
	for _, c := range cases {
		p := mustFEN(t, c.fen)
		_, err := p.ParseMove(c.in)
		var ie *IllegalMoveError
		if !errors.As(err, &ie) || ie.Code() != c.reason {
			if c.reason == ReasonNoPiece && err == nil {
				continue // Nb1c3 is legal
			}
			t.Errorf("%s: ParseMove(%q) = %v, want reason %s", c.fen, c.in, err, c.reason)
			continue
		}
		if c.text != "" && !strings.Contains(ie.Error(), c.text) {
			t.Errorf("ParseMove(%q): %q does not contain %q", c.in, ie.Error(), c.text)
		}
	}
}

func TestZeroPosition(t *testing.T) {
	var p Position
	if len(p.LegalMoves()) != 0 || p.InCheck() || p.Perft(3) != 0 || len(p.MateIn(2)) != 0 {
		t.Error("the zero Position must have no moves")
	}
	if _, err := p.Play(NewMove(E1, E1+8, NoPieceType)); err == nil {
		t.Error("the zero Position must refuse moves")
	}
	if _, err := p.ParseMove("e4"); err == nil {
		t.Error("the zero Position must refuse moves")
	}
	_ = p.FEN()
	_, _ = p.Escapes()
}
