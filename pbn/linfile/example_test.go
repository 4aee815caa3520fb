package linfile_test

import (
	"fmt"
	"io"
	"log"
	"strings"

	"revokes/pbn"
	"revokes/pbn/linfile"
)

// ExampleNewReader reads the boards of BBO LIN text: md gives the dealer
// and the hands (South first), mb the calls, pc the cards, mc the claim.
func ExampleNewReader() {
	const text = "pn|Ann,Bob,Cat,Dan|st||md|3SK74HA876DKJ8CT73,S93HKQJDT53CAJ862,SJ62HT9543D94CK95,SAQT85H2DAQ762CQ4|" +
		"sv|o|ah|Board 1|mb|p|mb|p|mb|p|mb|2S|mb|p|mb|p|mb|p|\n" +
		"pc|H5|pc|H2|pc|HA|pc|HK|pc|S4|pc|S3|pc|S2|pc|SA|mc|8|\n"
	r := linfile.NewReader(strings.NewReader(text))
	r.File = "club.lin"
	for {
		b, err := r.Read()
		if err == io.EOF {
			break
		}
		if err != nil {
			log.Fatal(err)
		}
		fmt.Println(b.File, "board", b.Tag("Board"), "dealer", b.Dealer, "vul", b.Vul)
		fmt.Println("N", b.Deal[pbn.North], "S", b.Deal[pbn.South])
		fmt.Println(b.Contract, "by", b.Declarer, "claim", b.ClaimTricks, "after", len(b.Play), "cards")
	}
	// Output:
	// club.lin board 1 dealer N vul None
	// N J62.T9543.94.K95 S K74.A876.KJ8.T73
	// 2S by W claim 8 after 8 cards
}
