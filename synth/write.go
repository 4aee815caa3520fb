package synth

import (
	"bufio"
	"io"
	"strconv"

	"revokes/pbn"
)

// pbnSeatTags are the player tags in PBN order.
var pbnSeatTags = [...]struct {
	name string
	seat pbn.Seat
}{{"West", pbn.West}, {"North", pbn.North}, {"East", pbn.East}, {"South", pbn.South}}

// AppendPBN appends board b as a PBN game (export-like: tags, Auction,
// Play in fixed seat columns from the opening leader, "*" after a claim)
// followed by an empty line.
func AppendPBN(w []byte, b *pbn.Board) []byte {
	tag := func(name, value string) {
		w = append(w, '[')
		w = append(w, name...)
		w = append(w, ` "`...)
		w = append(w, value...)
		w = append(w, "\"]\n"...)
	}
	for _, t := range b.Tags {
		tag(t.Name, t.Value)
	}
	for _, p := range pbnSeatTags {
		if b.Players[p.seat] != "" {
			tag(p.name, b.Players[p.seat])
		}
	}
	tag("Dealer", b.Dealer.String())
	tag("Vulnerable", b.Vul.String())
	w = append(w, `[Deal "`...)
	w = append(w, b.Dealer.String()...)
	w = append(w, ':')
	for i := 0; i < 4; i++ {
		if i > 0 {
			w = append(w, ' ')
		}
		w = append(w, b.Deal[(b.Dealer+pbn.Seat(i))&3].String()...)
	}
	w = append(w, "\"]\n"...)
	tag("Scoring", "IMP")
	tag("Declarer", b.Declarer.String())
	tag("Contract", b.Contract.String())
	if b.HasResult {
		tag("Result", strconv.Itoa(b.Result))
	}
	if len(b.Auction) > 0 {
		tag("Auction", b.AuctionStart.String())
		for i, c := range b.Auction {
			if i > 0 {
				if i%4 == 0 {
					w = append(w, '\n')
				} else {
					w = append(w, ' ')
				}
			}
			w = append(w, c.Text...)
		}
		w = append(w, '\n')
	}
	if len(b.Play) > 0 {
		first := b.Play[0].Seat
		tag("Play", first.String())
		for t := 0; t*4 < len(b.Play); t++ {
			var cols [4]pbn.Card
			for k := 0; k < 4 && t*4+k < len(b.Play); k++ {
				p := b.Play[t*4+k]
				cols[(p.Seat-first)&3] = p.Card
			}
			for k, c := range cols {
				if k > 0 {
					w = append(w, ' ')
				}
				w = append(w, c.String()...)
			}
			w = append(w, '\n')
		}
		if b.Claim {
			w = append(w, "*\n"...)
		}
	}
	return append(w, '\n')
}

// linSeats is the LIN seat order: South, West, North, East.
var linSeats = [4]pbn.Seat{pbn.South, pbn.West, pbn.North, pbn.East}

// AppendLIN appends board b as one line of a BBO tournament LIN file.
func AppendLIN(w []byte, b *pbn.Board) []byte {
	w = append(w, "qx|o"...)
	w = append(w, b.Tag("Board")...)
	w = append(w, "|pn|"...)
	for i, s := range linSeats {
		if i > 0 {
			w = append(w, ',')
		}
		w = append(w, b.Players[s]...)
	}
	w = append(w, "|md|"...)
	w = append(w, "3412"[b.Dealer])
	for i, s := range linSeats {
		if i > 0 {
			w = append(w, ',')
		}
		for su := pbn.Spades; su <= pbn.Clubs; su++ {
			w = append(w, su.String()...)
			for r := pbn.Rank(2); r <= pbn.Ace; r++ {
				if b.Deal[s].Has(pbn.NewCard(su, r)) {
					w = append(w, r.String()...)
				}
			}
		}
	}
	w = append(w, "|sv|"...)
	w = append(w, "onebo"[b.Vul])
	w = append(w, '|')
	for _, c := range b.Auction {
		w = append(w, "mb|"...)
		switch c.Text {
		case "Pass":
			w = append(w, 'p')
		case "X":
			w = append(w, 'd')
		case "XX":
			w = append(w, 'r')
		default:
			w = append(w, c.Text[:2]...)
		}
		w = append(w, '|')
	}
	w = append(w, "pg||"...)
	for i, p := range b.Play {
		w = append(w, "pc|"...)
		w = append(w, p.Card.String()...)
		w = append(w, '|')
		if i%4 == 3 {
			w = append(w, "pg||"...)
		}
	}
	if b.Claim {
		w = append(w, "mc|"...)
		w = append(w, strconv.Itoa(b.ClaimTricks)...)
		w = append(w, '|')
	}
	return append(w, '\n')
}

// Write writes n boards of the generator to w in the format f (PBN or
// LIN) and returns the bytes written.
func (g *Generator) Write(w io.Writer, f pbn.Format, n int) (int64, error) {
	bw := bufio.NewWriterSize(w, 1<<20)
	var buf []byte
	var total int64
	if f == pbn.FormatPBN {
		buf = append(buf, "% PBN 2.1\n% EXPORT\n"...)
	}
	for i := 0; i < n; i++ {
		b := g.Board()
		if f == pbn.FormatLIN {
			buf = AppendLIN(buf, b)
		} else {
			buf = AppendPBN(buf, b)
		}
		if len(buf) > 64<<10 || i == n-1 {
			m, err := bw.Write(buf)
			total += int64(m)
			if err != nil {
				return total, err
			}
			buf = buf[:0]
		}
	}
	return total, bw.Flush()
}
