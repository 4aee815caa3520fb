package report

// dutchRulings holds the Dutch texts of the ruling facts and the Rulings
// sheet (rulings.go), kept apart from catalog_nl.go so that the two grow
// without conflict; init adds them to the one catalog (dutch). Terms
// follow laws.md §0: verzaking, voldongen, blinde, leider, tegenspeler,
// afspel, uitgave.
var dutchRulings = map[string]string{
	// Revokes sheet columns.
	"Offender's name": "Naam overtreder",
	"Deal":            "Verdeling",
	"Auction":         "Bieding",
	"Trick cards":     "Kaarten van de slag",
	"Scoring":         "Telling",

	// The Rulings sheet.
	"Players": "Spelers",
	"One printable page per revoke, what a director needs to rule: the deal, the auction, the play trick by trick and the ruling with its article. On Revokes, click the game number for the revoke's ruling and the board number for its row on Boards; each ruling links back.": "Eén afdrukbare pagina per verzaking, met wat een wedstrijdleider nodig heeft voor een uitspraak: de verdeling, de bieding, het afspel slag voor slag en de uitspraak met het artikel. Klik op Verzakingen op het volgnummer voor de uitspraak over de verzaking en op het spelnummer voor de regel op Spellen; elke uitspraak verwijst terug.",
	"%d revokes have no ruling page: the sheet holds %d, the plausible revokes first": "%d {verzaking heeft|verzakingen hebben} geen uitspraakpagina: het blad bevat er %d, de plausibele verzakingen eerst",
	"Winner":                              "Winnaar",
	"Revoke established":                  "Verzaking voldongen",
	"Rulings":                             "Uitspraken",
	"Ruling %d: revoke by %s, trick %d":   "Uitspraak %d: verzaking door %s, slag %d",
	"← revoke row %d":                     "← verzaking, regel %d",
	"back to the Revokes sheet":           "terug naar het blad Verzakingen",
	"the ruling of this revoke":           "de uitspraak over deze verzaking",
	"the board's row on the Boards sheet": "de regel van dit spel op het blad Spellen",
	"Source":                              "Bron",
	"game %d":                             "volgnr. %d",
	"line %d":                             "regel %d",
	"%s (dealer)":                         "%s (gever)",
	"not recorded":                        "niet genoteerd",
	"pass":                                "pas",
	"passed out":                          "rondgepast",
	"NT":                                  "SA",
	"%s by %s":                            "%s door %s",
	"North-South":                         "Noord-Zuid",
	"East-West":                           "Oost-West",
	"N":                                   "N",
	"E":                                   "O",
	"S":                                   "Z",
	"W":                                   "W",
	"%s: revoked":                         "%s: verzaakte",
	"(cards played only)":                 "(alleen gespeelde kaarten)",
	"Board %s":                            "Spel %s",
	"Dealer: %s":                          "Gever: %s",
	"Vulnerable: %s":                      "Kwetsbaar: %s",
	"Contract: %s":                        "Contract: %s",
	"Trick %d: %s led":                    "Slag %d: %s gevraagd",
	"%s played %s":                        "%s speelde %s",
	"still holding %s":                    "had nog %s",
	"Underlined: the revoke card and the cards of the led suit the offender still held.": "Onderstreept: de verzaakte kaart en de kaarten in de gevraagde kleur die de overtreder nog had.",
	"Play":                                   "Afspel",
	"Led by":                                 "Komt uit",
	"1st":                                    "1e",
	"2nd":                                    "2e",
	"3rd":                                    "3e",
	"4th":                                    "4e",
	"Won by":                                 "Gewonnen door",
	"Note":                                   "Opmerking",
	"revoke: %s not followed":                "verzaking: %s niet bekend",
	"another revoke on this board":           "nog een verzaking in dit spel",
	"after the revoke (shaded)":              "na de verzaking (gearceerd)",
	"Claim":                                  "Claim",
	"Claim: declarer takes %d tricks in all": "Claim: de leider maakt in totaal %d slagen",
	"The record ends here, without a claim.": "Het verslag eindigt hier, zonder claim.",
	"Highlighted: the revoke card (red frame) and the later plays of the cards the offender withheld; tricks after the revoke are shaded.": "Gemarkeerd: de verzaakte kaart (rood kader) en het latere spelen van de achtergehouden kaarten; slagen na de verzaking zijn gearceerd.",
	"Ruling":         "Uitspraak",
	"Laws":           "Spelregels",
	"%s edition, %s": "uitgave %s, %s",
	"Law %s":         "artikel %s",
	"Offender":       "Overtreder",
	"%s, %s":         "%s, %s",
	"Revoke":         "Verzaking",
	"trick %d: %s led, %s played while still holding %s":   "slag %d: %s gevraagd, %s gespeeld terwijl hij nog %s had",
	"no: the record ends before the revoke is established": "nee: het verslag eindigt voordat de verzaking voldongen is",
	"yes, by a claim":                "ja, door een claim",
	"yes, by play to the next trick": "ja, door spel naar de volgende slag",
	"Transfer":                       "Overdracht",
	"none":                           "geen",
	"%d tricks to %s":                "%d {slag|slagen} naar %s",
	"Why":                            "Waarom",
	// What is applied (rulings_applied.go; laws.md A24).
	"Not applied: the record itself makes an error of the record the likelier story (assessment suspect). The result stays as recorded unless a director decides to apply it (Decision column, -decisions) or the run applies every revoke (-apply all).":                            "Niet toegepast: het verslag zelf maakt een fout in het verslag het waarschijnlijkere verhaal (beoordeling verdacht). De uitslag blijft zoals opgetekend, tenzij een wedstrijdleider beslist de verzaking toe te passen (kolom Beslissing, -decisions) of de run elke verzaking toepast (-apply all).",
	"Not applied: the revoke is in the last trick the record holds, so nothing shows how the hand went on (assessment undetermined). The result stays as recorded unless a director decides to apply it (Decision column, -decisions) or the run applies every revoke (-apply all).": "Niet toegepast: de verzaking zit in de laatste slag die het verslag bevat, dus niets toont hoe het spel verder ging (beoordeling onbepaald). De uitslag blijft zoals opgetekend, tenzij een wedstrijdleider beslist de verzaking toe te passen (kolom Beslissing, -decisions) of de run elke verzaking toepast (-apply all).",
	"Not applied: the revoke was not established, so the law transfers nothing.":                                            "Niet toegepast: de verzaking werd niet voldongen, dus de spelregels dragen niets over.",
	"Not applied: the director decided %q (no revoke: an error of the record).":                                             "Niet toegepast: de wedstrijdleider besliste %q (geen verzaking: een fout in het verslag).",
	"Not applied: the recorded result already holds this transfer (result-includes-transfer), so nothing is applied twice.": "Niet toegepast: de opgetekende uitslag bevat deze overdracht al (result-includes-transfer), dus niets wordt twee keer toegepast.",
	"Not applied (%s).":              "Niet toegepast (%s).",
	"%q: the law's transfer applies": "%q: de overdracht van de spelregels geldt",
	"%q: no revoke (an error of the record): nothing is transferred": "%q: geen verzaking (een fout in het verslag): niets wordt overgedragen",
	"%q: %d tricks to %s, in place of the law's %d":                  "%q: %d {slag|slagen} naar %s, in plaats van de %d van de spelregels",
	"applied":                       "toegepast",
	"not applied (%s)":              "niet toegepast (%s)",
	"no transfer":                   "geen overdracht",
	"trick %d, %s (%s): %s; %s, %s": "slag %d, %s (%s): %s; %s, %s",
	"declarer's tricks %d → %d":     "slagen van de leider %d → %d",
	"score %d → %d":                 "score %d → %d",
	"(were it applied)":             "(als ze werd toegepast)",
	"its transfer alone: %s":        "alleen haar overdracht: %s",
	"after the applied rulings (%d of %d revokes): %s": "na de toegepaste uitspraken (%d van %d {verzaking|verzakingen}): %s",
	"Decision":      "Beslissing",
	"Applied":       "Toegepast",
	"This revoke":   "Deze verzaking",
	"Whole board":   "Heel het spel",
	"Other rulings": "Andere uitspraken",
	"%d → %d":       "%d → %d",
	"Assessment":    "Beoordeling",
	"Double dummy":  "Double dummy",
	"declarer %d tricks with the revoke, %d had %s followed suit: the revoke gained %d tricks for the offending side": "de leider %d {slag|slagen} met de verzaking, %d als %s had bekend: de verzaking won %d {slag|slagen} voor de overtredende partij",
	"An advisory estimate: every later card played as well as possible with all hands seen (double dummy).":           "Een schatting, als advies: elke latere kaart zo goed mogelijk gespeeld met alle handen open (double dummy).",
	"Flags":     "Kenmerken",
	"Director:": "Wedstrijdleider:",
	"Date:":     "Datum:",

	// The articles, one sentence each (rulings.go articleText).
	"For an established revoke the offending side gives up two of the tricks it won from its first revoke on, and one more for each later revoke, as far as it won such tricks.":                                         "Voor een voldongen verzaking staat de overtredende partij twee van de slagen af die zij vanaf haar eerste verzaking won, en één meer voor elke volgende verzaking, voor zover zij zulke slagen won.",
	"A revoke from dummy or from another hand exposed at the time carries no penalty.":                                                                                                                                   "Een verzaking van de blinde of van een andere hand die op dat moment open lag, wordt niet gestraft.",
	"There is no penalty when it is claimed only after the cut for the next deal.":                                                                                                                                       "Er is geen straf als die pas na het couperen voor het volgende spel wordt geëist.",
	"A revoke is established when the offender or his partner leads or plays to the next trick; a revoke in trick 12 is never established and must be corrected.":                                                        "Een verzaking is voldongen zodra de overtreder of zijn partner naar de volgende slag uitkomt of bijspeelt; een verzaking in slag 12 wordt nooit voldongen en moet worden hersteld.",
	"After an established revoke two tricks go to the other side when the offending side won two or more tricks from the revoke trick on, otherwise one.":                                                                "Na een voldongen verzaking gaan twee slagen naar de andere partij als de overtredende partij vanaf de verzakingsslag twee of meer slagen won, anders één.",
	"There is no penalty when the offending side won neither the revoke trick nor any later trick.":                                                                                                                      "Er is geen straf als de overtredende partij noch de verzakingsslag noch een latere slag won.",
	"There is no penalty when the same player had already revoked in the same suit.":                                                                                                                                     "Er is geen straf als dezelfde speler al eerder in dezelfde kleur verzaakte.",
	"There is no penalty for failing to play a card of dummy or of another exposed hand.":                                                                                                                                "Er is geen straf voor het niet spelen van een kaart van de blinde of van een andere open hand.",
	"There is no penalty when attention is first drawn to the revoke after the round has ended.":                                                                                                                         "Er is geen straf als de aandacht pas na afloop van de ronde op de verzaking wordt gevestigd.",
	"A revoke in trick 12 is never established: it is corrected, before the hands go back into the board.":                                                                                                               "Een verzaking in slag 12 wordt nooit voldongen: zij wordt hersteld, voordat de handen terug in het bord gaan.",
	"A revoke is established when the offender or his partner leads or plays to the next trick, or claims or concedes.":                                                                                                  "Een verzaking is voldongen zodra de overtreder of zijn partner naar de volgende slag uitkomt of bijspeelt, of slagen claimt of afstaat.",
	"When the offender won the revoke trick, that trick and one later trick won by the offending side are transferred.":                                                                                                  "Als de overtreder de verzakingsslag won, worden die slag en één latere slag van de overtredende partij overgedragen.",
	"When the offender did not win the revoke trick, one trick won by the offending side from the revoke trick on is transferred, and one more when the offender later won a trick with a card of the suit he withheld.": "Als de overtreder de verzakingsslag niet won, wordt één slag overgedragen die de overtredende partij vanaf de verzakingsslag won, en nog één als de overtreder later een slag won met een kaart van de kleur die hij achterhield.",
	"When the offender did not win the revoke trick, one trick won by the offending side from the revoke trick on is transferred.":                                                                                       "Als de overtreder de verzakingsslag niet won, wordt één slag overgedragen die de overtredende partij vanaf de verzakingsslag won.",
	"There is no automatic trick transfer when the offending side won no trick from the revoke trick on; the director restores equity when needed (Law 64C).":                                                            "Er is geen automatische slagoverdracht als de overtredende partij vanaf de verzakingsslag geen slag won; de wedstrijdleider herstelt zo nodig de billijkheid (artikel 64C).",
	"There is no automatic trick transfer for a second revoke by the same player in the same suit; the director restores equity when needed (Law 64C).":                                                                  "Er is geen automatische slagoverdracht voor een tweede verzaking van dezelfde speler in dezelfde kleur; de wedstrijdleider herstelt zo nodig de billijkheid (artikel 64C).",
	"There is no automatic trick transfer for a revoke in failing to play a card of dummy or of another exposed hand.":                                                                                                   "Er is geen automatische slagoverdracht voor een verzaking door het niet spelen van een kaart van de blinde of van een andere open hand.",
	"There is no automatic trick transfer when attention is first drawn to the revoke after the round has ended.":                                                                                                        "Er is geen automatische slagoverdracht als de aandacht pas na afloop van de ronde op de verzaking wordt gevestigd.",
	"A revoke in trick 12 must be corrected, even when established, as long as the hands have not gone back into the board: tricks 12 and 13 are played again with the offender following suit.":                         "Een verzaking in slag 12 moet worden hersteld, ook als zij voldongen is, zolang de handen niet terug in het bord zijn: slag 12 en 13 worden opnieuw gespeeld, met bekennen door de overtreder.",
	"There is no automatic trick transfer when both sides have revoked on the board; the director restores equity.":                                                                                                      "Er is geen automatische slagoverdracht als beide partijen in het spel verzaakten; de wedstrijdleider herstelt de billijkheid.",
	"A revoke is established when the offender or his partner leads or plays to the next trick, or makes or agrees to a claim or concession.":                                                                            "Een verzaking is voldongen zodra de overtreder of zijn partner naar de volgende slag uitkomt of bijspeelt, of een claim of het afstaan van slagen doet of aanvaardt.",
	"There is no rectification for a revoke in trick 12 noticed too late to correct; the director restores equity when needed (Law 64C).":                                                                                "Er is geen rechtzetting voor een verzaking in slag 12 die te laat wordt opgemerkt om te herstellen; de wedstrijdleider herstelt zo nodig de billijkheid (artikel 64C).",

	// The flags, explained (rulings.go flagText).
	"The director should check that the non-offending side got back what the revoke cost it, and adjust the score if not (Law 64C).":                "De wedstrijdleider moet nagaan of de niet-overtredende partij terugkreeg wat de verzaking haar kostte, en anders de score aanpassen (artikel 64C).",
	"The double-dummy estimate says the revoke gained more tricks than were transferred: the non-offending side may be short of its due (Law 64C).": "Volgens de double-dummy-schatting won de verzaking meer slagen dan er werden overgedragen: de niet-overtredende partij komt mogelijk tekort (artikel 64C).",
	"The revoke was in trick 12: instead of a transfer, tricks 12 and 13 were replayed with the offender following suit.":                           "De verzaking was in slag 12: in plaats van een overdracht zijn slag 12 en 13 opnieuw gespeeld, met bekennen door de overtreder.",
	"The offending side had too few tricks left to transfer all that the rule asks: this revoke got fewer.":                                         "De overtredende partij had te weinig slagen over om alles over te dragen wat de regel vraagt: deze verzaking kreeg er minder.",
	"Both sides revoked on this board.": "Beide partijen verzaakten in dit spel.",
	"The text of this edition was not available: its rule is taken from the nearest edition whose text is known.": "De tekst van deze uitgave was niet beschikbaar: de regel komt uit de dichtstbijzijnde uitgave waarvan de tekst bekend is.",
	"The claim was taken to establish the revoke; the laws of this edition do not say so for every claim.":        "De claim is opgevat als voldongen maken van de verzaking; de spelregels van deze uitgave zeggen dat niet van elke claim.",
	"The record itself marks this card as a revoke.":                                                              "Het verslag zelf markeert deze kaart als verzaking.",
}

// englishRulings holds the English texts with plural forms of keys of
// dutchRulings (see english in plural.go).
var englishRulings = map[string]string{
	"%d tricks to %s": "%d {trick|tricks} to %s",
	"declarer %d tricks with the revoke, %d had %s followed suit: the revoke gained %d tricks for the offending side": "declarer %d {trick|tricks} with the revoke, %d had %s followed suit: the revoke gained %d {trick|tricks} for the offending side",
	"%d revokes have no ruling page: the sheet holds %d, the plausible revokes first":                                 "%d {revoke has|revokes have} no ruling page: the sheet holds %d, the plausible revokes first",
	"%q: %d tricks to %s, in place of the law's %d":                                                                   "%q: %d {trick|tricks} to %s, in place of the law's %d",
	"after the applied rulings (%d of %d revokes): %s":                                                                "after the applied rulings (%d of %d {revoke|revokes}): %s",
}

func init() {
	for en, s := range englishRulings {
		if _, dup := english[en]; !dup {
			english[en] = s
		}
	}
	for en, nl := range dutchRulings {
		if _, dup := dutch[en]; !dup {
			dutch[en] = nl
		}
	}
}
