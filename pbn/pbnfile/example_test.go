package pbnfile_test

import (
	"fmt"
	"io"
	"log"
	"strings"

	"revokes/pbn/pbnfile"
)

// ExampleNewReader reads the boards of PBN text. The Play section is
// written in columns (N E S W); the board's Play is in playing order.
func ExampleNewReader() {
	const text = `[Event "Club night"]
[Board "1"]
[Dealer "N"]
[Vulnerable "None"]
[Deal "N:J62.T9543.94.K95 AQT85.2.AQ762.Q4 K74.A876.KJ8.T73 93.KQJ.T53.AJ862"]
[Declarer "W"]
[Contract "2S"]
[Result "8"]
[Play "N"]
H5 H2 HA HK
S2 SA S4 S3
*
`
	r := pbnfile.NewReader(strings.NewReader(text))
	r.File = "club.pbn"
	for {
		b, err := r.Read()
		if err == io.EOF {
			break
		}
		if err != nil {
			log.Fatal(err)
		}
		fmt.Println(b.File, "board", b.Tag("Board"), b.Contract, "by", b.Declarer, "result", b.Result)
		for i, p := range b.Play {
			fmt.Printf("%d %s %s\n", i/4+1, p.Seat, p.Card)
		}
	}
	// Output:
	// club.pbn board 1 2S by W result 8
	// 1 N H5
	// 1 E H2
	// 1 S HA
	// 1 W HK
	// 2 S S4
	// 2 W S3
	// 2 N S2
	// 2 E SA
}
