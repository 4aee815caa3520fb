package report

// dutchReasons holds the Dutch texts of the rulings' reasons added by
// revision 2 of the rule book (laws.md A4, A5, A7, A9), in the words of
// laws.md §0 (verzaking, voldongen, blinde, leider, tegenspeler). They are
// merged into dutch at start, so that every lookup sees one catalog; a key
// in both maps is a mistake that catalogDup records for the tests.
var dutchReasons = map[string]string{
	// laws.md A5: trick 12 corrected, per edition's Trick12Partner.
	"revoke at trick 12, corrected: tricks 12 and 13 are replayed with the offender following suit, the non-offending side choosing its own cards played after the revoke and the card of the offender's partner; no transfer":          "verzaking in slag 12, hersteld: slag 12 en 13 worden opnieuw gespeeld met bekennen door de overtreder; de niet-overtredende partij kiest haar eigen kaarten die na de verzaking gespeeld zijn en de kaart van de maat van de overtreder; geen overdracht",
	"revoke at trick 12, corrected: tricks 12 and 13 are replayed with the offender following suit, the non-offending side choosing its own cards played after the revoke while the card of the offender's partner stands; no transfer": "verzaking in slag 12, hersteld: slag 12 en 13 worden opnieuw gespeeld met bekennen door de overtreder; de niet-overtredende partij kiest haar eigen kaarten die na de verzaking gespeeld zijn, de kaart van de maat van de overtreder blijft staan; geen overdracht",

	// laws.md A9: trick 12 noticed too late to correct.
	"revoke at trick 12, noticed too late to correct it: never established, the result stands as played":                    "verzaking in slag 12, te laat opgemerkt om haar te herstellen: nooit voldongen, het resultaat blijft zoals gespeeld",
	"revoke at trick 12, noticed after the hands were returned to the board: too late to correct it, no automatic transfer": "verzaking in slag 12, opgemerkt nadat de handen in het bord waren geborgen: te laat om haar te herstellen, geen automatische overdracht",
	"attention was drawn after the cut for the next deal: no penalty":                                                       "de aandacht werd pas gevestigd nadat voor het volgende spel was afgenomen: geen straf",
	"hands-returned": "nadat de handen in het bord zijn geborgen",

	// laws.md A4: a claim taken to establish (1936-1987).
	"the record ends with a claim, taken to establish the revoke; %v": "het verslag eindigt met een claim, die geacht wordt de verzaking voldongen te maken; %v",

	// laws.md A7: the transfer a row actually got, and why.
	"the offending side won %d tricks from the revoke trick on: two tricks are transferred":                                                                                                "de overtredende partij won %d slagen vanaf de verzakingsslag: twee slagen worden overgedragen",
	"the offending side won only one trick from the revoke trick on: one trick is transferred":                                                                                             "de overtredende partij won maar één slag vanaf de verzakingsslag: één slag wordt overgedragen",
	"the offender won the revoke trick, but his side won no later trick: only the revoke trick is transferred":                                                                             "de overtreder won de verzakingsslag, maar zijn partij won geen latere slag: alleen de verzakingsslag wordt overgedragen",
	"the offender did not win the revoke trick but later won trick %d with a card of the suit he withheld; his side won only one trick from the revoke trick on: one trick is transferred": "de overtreder won de verzakingsslag niet, maar won later slag %d met een kaart van de kleur die hij achterhield; zijn partij won maar één slag vanaf de verzakingsslag: één slag wordt overgedragen",
	"the side's first penalised revoke: two tricks are transferred, out of the %d tricks it won from this revoke on":                                                                       "de eerste bestrafte verzaking van de partij: twee slagen worden overgedragen, uit de %d slagen die zij vanaf deze verzaking won",
	"the side's first penalised revoke: two tricks are due, but the side won only one trick from this revoke on: one trick is transferred":                                                 "de eerste bestrafte verzaking van de partij: twee slagen zijn verschuldigd, maar de partij won maar één slag vanaf deze verzaking: één slag wordt overgedragen",
	"the side's first penalised revoke: two tricks are due, but the side won no trick from this revoke on: no transfer":                                                                    "de eerste bestrafte verzaking van de partij: twee slagen zijn verschuldigd, maar de partij won geen slag vanaf deze verzaking: geen overdracht",
	"a later penalised revoke of the side: one more trick is transferred, out of the tricks it won from its first penalised revoke (trick %d) on":                                          "een latere bestrafte verzaking van de partij: nog één slag wordt overgedragen, uit de slagen die zij vanaf haar eerste bestrafte verzaking (slag %d) won",
	"a later penalised revoke of the side: one more trick is due, but the side won no trick from its first penalised revoke (trick %d) on: no transfer":                                    "een latere bestrafte verzaking van de partij: nog één slag is verschuldigd, maar de partij won geen slag vanaf haar eerste bestrafte verzaking (slag %d): geen overdracht",

	// laws.md A7: a capped row; the first part says why its rule gives
	// what it gives.
	"%v: its rule alone gives %d tricks, but a later revoke of the same side took its tricks first, leaving %d for this one (allocation-cap: this order is this tool's reading, the laws are silent)": "%v: haar regel alleen geeft %d {slag|slagen}, maar een latere verzaking van dezelfde partij nam die slagen eerst, zodat deze er %d krijgt (allocation-cap: deze volgorde is de lezing van dit programma, de spelregels zwijgen erover)",
	"the offending side won %d tricks from the revoke trick on":                                            "de overtredende partij won %d {slag|slagen} vanaf de verzakingsslag",
	"the offender won the revoke trick":                                                                    "de overtreder won de verzakingsslag",
	"the offender did not win the revoke trick":                                                            "de overtreder won de verzakingsslag niet",
	"the offender did not win the revoke trick but later won trick %d with a card of the suit he withheld": "de overtreder won de verzakingsslag niet, maar won later slag %d met een kaart van de kleur die hij achterhield",
	"the side's first penalised revoke":                                                                    "de eerste bestrafte verzaking van de partij",
	"a later penalised revoke of the side":                                                                 "een latere bestrafte verzaking van de partij",
}

// englishReasons holds the English texts with plural forms of keys of
// dutchReasons (see english in plural.go).
var englishReasons = map[string]string{
	"%v: its rule alone gives %d tricks, but a later revoke of the same side took its tricks first, leaving %d for this one (allocation-cap: this order is this tool's reading, the laws are silent)": "%v: its rule alone gives %d {trick|tricks}, but a later revoke of the same side took its tricks first, leaving %d for this one (allocation-cap: this order is this tool's reading, the laws are silent)",
	"the offending side won %d tricks from the revoke trick on": "the offending side won %d {trick|tricks} from the revoke trick on",
}

// catalogDup lists the keys found in both dutch and dutchReasons, or in
// both english and englishReasons.
var catalogDup []string

func init() {
	for k, v := range dutchReasons {
		if _, ok := dutch[k]; ok {
			catalogDup = append(catalogDup, k)
		}
		dutch[k] = v
	}
	for k, v := range englishReasons {
		if _, ok := english[k]; ok {
			catalogDup = append(catalogDup, k)
		}
		english[k] = v
	}
}
