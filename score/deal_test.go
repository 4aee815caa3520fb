package score

import (
	"testing"

	"revokes/pbn"
)

func TestDeal(t *testing.T) {
	cases := []struct {
		table    Table
		contract string
		vul      bool
		tricks   int
		want     int
	}{
		{Duplicate1987, "1H", false, 7, 80},
		{Duplicate1987, "1H", false, 5, -100},
		{Rubber1935, "1H", false, 7, 30},
		{Duplicate1987, "3NT", false, 9, 400},
		{Duplicate1987, "3NT", true, 10, 630},
		{Duplicate1987, "4S", false, 10, 420},
		{Duplicate1987, "6H", true, 13, 1460},
		{Duplicate1987, "7NT", true, 13, 2220},
		{Rubber1935, "6H", true, 13, 960},
		// C14: 4SX NV down 5 and down 3 across the 1987 change.
		{Duplicate1963, "4SX", false, 5, -900},
		{Duplicate1987, "4SX", false, 5, -1100},
		{Duplicate1987, "4SX", false, 7, -500},
		{Duplicate1963, "4SX", false, 7, -500},
		// C14 control: 5DXX NV making 12: insult 50 before 1987, 100 after.
		{Duplicate1963, "5DXX", false, 12, 950},
		{Duplicate1987, "5DXX", false, 12, 1000},
		{Duplicate1987, "2SX", true, 8, 670},
		{Duplicate1987, "1NTXX", true, 7, 760},
		{Duplicate1987, "3NTX", true, 6, -800},
		{Duplicate1987, "3NTXX", false, 5, -1600},
		{Duplicate1963, "3NTXX", false, 5, -1400},
		{Rubber1935, "2SX", true, 8, 120},
		{Rubber1935, "2SX", false, 5, -500},
		{Duplicate1987, "Pass", false, 0, 0},
	}
	for _, c := range cases {
		k, ok := pbn.ParseContract(c.contract)
		if !ok {
			t.Fatalf("bad contract %q", c.contract)
		}
		if got := Deal(c.table, k, c.vul, c.tricks); got != c.want {
			t.Errorf("Deal(%d, %s, vul=%v, %d) = %d, want %d", c.table, c.contract, c.vul, c.tricks, got, c.want)
		}
	}
}

func contract(t *testing.T, s string) pbn.Contract {
	t.Helper()
	c, ok := pbn.ParseContract(s)
	if !ok {
		t.Fatalf("bad contract %q", s)
	}
	return c
}
