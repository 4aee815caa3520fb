// Command synth writes a deterministic synthetic archive for benchmarks and
// tests: random deals, legal random play with a small share of revokes,
// claims, several events.
//
//	go run ./cmd/synth -n 1000000 -format pbn -o /tmp/big.pbn
package main

import (
	"bufio"
	"flag"
	"fmt"
	"os"

	"revokes/pbn"
	"revokes/synth"
)

func main() {
	n := flag.Int("n", 10000, "number of boards")
	format := flag.String("format", "pbn", "pbn or lin")
	out := flag.String("o", "-", "output file (- for standard output)")
	seed := flag.Uint64("seed", 1, "random seed")
	rate := flag.Float64("revoke-rate", 0.0001, "share of cards that revoke when able")
	flag.Parse()
	f := pbn.FormatPBN
	switch *format {
	case "pbn":
	case "lin":
		f = pbn.FormatLIN
	default:
		fmt.Fprintln(os.Stderr, "synth: -format must be pbn or lin")
		os.Exit(2)
	}
	w := os.Stdout
	if *out != "-" {
		var err error
		if w, err = os.Create(*out); err != nil {
			fmt.Fprintln(os.Stderr, "synth:", err)
			os.Exit(1)
		}
	}
	bw := bufio.NewWriter(w)
	g := synth.New(synth.Options{Seed: *seed, RevokeRate: *rate})
	size, err := g.Write(bw, f, *n)
	if err == nil {
		err = bw.Flush()
	}
	if err == nil {
		err = w.Close()
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "synth:", err)
		os.Exit(1)
	}
	fmt.Fprintf(os.Stderr, "synth: %d boards, %d bytes\n", *n, size)
}
