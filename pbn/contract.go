package pbn

import "strings"

// Strain is a trump suit or no-trump: Spades..Clubs as Suit, then NoTrump.
type Strain uint8

// NoTrump is the fifth strain.
const NoTrump Strain = 4

// String returns S, H, D, C or NT.
func (s Strain) String() string {
	if s == NoTrump {
		return "NT"
	}
	return Suit(s).String()
}

// Trump returns the trump suit and true, or false for no-trump.
func (s Strain) Trump() (Suit, bool) {
	if s >= NoTrump {
		return 0, false
	}
	return Suit(s), true
}

// Contract is the final contract. Level 0 is a passed-out board.
type Contract struct {
	Level   int    // 1..7; 0 when passed out
	Strain  Strain // trumps
	Doubled int    // 0 undoubled, 1 doubled, 2 redoubled
}

// PassedOut reports whether the board was passed out.
func (c Contract) PassedOut() bool { return c.Level == 0 }

// String returns the normalised contract: "4HX", "3NT", "6SXX", "Pass".
func (c Contract) String() string {
	if c.Level == 0 {
		return "Pass"
	}
	s := string(rune('0'+c.Level)) + c.Strain.String()
	return s + "XX"[:c.Doubled]
}

// ParseContract reads a contract the way real files write it: "4HX",
// "3NT", "3N", "2SR" (redoubled), "4Dx", "Pass", "pass", "1 NT".
func ParseContract(s string) (Contract, bool) {
	s = strings.ToUpper(strings.Join(strings.Fields(s), ""))
	if s == "PASS" || s == "P" || s == "AP" || s == "PASSED" {
		return Contract{}, true
	}
	if len(s) < 2 || s[0] < '1' || s[0] > '7' {
		return Contract{}, false
	}
	c := Contract{Level: int(s[0] - '0')}
	rest := s[1:]
	switch {
	case strings.HasPrefix(rest, "NT"):
		c.Strain, rest = NoTrump, rest[2:]
	case rest[0] == 'N':
		c.Strain, rest = NoTrump, rest[1:]
	default:
		su, ok := ParseSuit(rest[0])
		if !ok {
			return Contract{}, false
		}
		c.Strain, rest = Strain(su), rest[1:]
	}
	switch rest {
	case "":
	case "X", "*", "D":
		c.Doubled = 1
	case "XX", "R", "**", "RD":
		c.Doubled = 2
	default:
		return Contract{}, false
	}
	return c, true
}

// Vulnerability says which sides are vulnerable.
type Vulnerability uint8

// The four vulnerabilities.
const (
	VulNone Vulnerability = iota
	VulNS
	VulEW
	VulAll
)

// String returns None, NS, EW or All.
func (v Vulnerability) String() string {
	return [...]string{"None", "NS", "EW", "All"}[v&3]
}

// Vulnerable reports whether the side of seat s is vulnerable.
func (v Vulnerability) Vulnerable(s Seat) bool {
	switch v {
	case VulAll:
		return true
	case VulNS:
		return s.NS()
	case VulEW:
		return !s.NS()
	}
	return false
}

// ParseVulnerability reads a PBN Vulnerable value (None, Love, -, NS, EW,
// All, Both; any case) or a LIN sv letter (o, n, e, b, 0).
func ParseVulnerability(s string) (Vulnerability, bool) {
	switch strings.ToUpper(strings.TrimSpace(s)) {
	case "NONE", "LOVE", "-", "O", "0", "":
		return VulNone, true
	case "NS", "N-S", "N", "NS-":
		return VulNS, true
	case "EW", "E-W", "E":
		return VulEW, true
	case "ALL", "BOTH", "B":
		return VulAll, true
	}
	return VulNone, false
}
