<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="de_DE">
<context>
    <name>AboutDialog</name>
    <message>
        <source>It is built on the work of others: Qt and Qt for Python (under the LGPL), NumPy, pyqtgraph, regex and Python, each under its own licence. Third-party licences shows them all, with their texts.</source>
        <translation>Es baut auf der Arbeit anderer auf: Qt und Qt for Python (unter der LGPL), NumPy, pyqtgraph, regex und Python, jedes unter seiner eigenen Lizenz. „Lizenzen Dritter“ zeigt sie alle, mit ihren Texten.</translation>
    </message>
    <message>
        <source>Log file, to send with a bug report:
%1</source>
        <translation>Protokolldatei, für einen Fehlerbericht:
%1</translation>
    </message>
    <message>
        <source>Third-party licences…</source>
        <translation>Lizenzen Dritter …</translation>
    </message>
    <message>
        <source>Close</source>
        <translation>Schließen</translation>
    </message>
    <message>
        <source>Third-party licences</source>
        <translation>Lizenzen Dritter</translation>
    </message>
    <message>
        <source>The third-party notice could not be read: %1</source>
        <translation>Die Lizenzhinweise Dritter konnten nicht gelesen werden: %1</translation>
    </message>
</context>
<context>
    <name>Accessibility</name>
    <message>
        <source>Clear %1</source>
        <translation>%1 leeren</translation>
    </message>
    <message>
        <source>Clear the text</source>
        <translation>Text leeren</translation>
    </message>
    <message>
        <source>Divider between the panels</source>
        <translation>Trennlinie zwischen den Bereichen</translation>
    </message>
    <message>
        <source>Drag it with the mouse to share the room between the two sides</source>
        <translation>Mit der Maus ziehen, um den Platz zwischen den beiden Seiten aufzuteilen</translation>
    </message>
</context>
<context>
    <name>AttractBanner</name>
    <message>
        <source>Touch to explore</source>
        <extracomment>Height of the banner&apos;s strip, as a share of the window&apos;s height, where the window has no notes (not laid out as a room).</extracomment>
        <translation>Zum Entdecken berühren</translation>
    </message>
    <message>
        <source>Pick a head, tap a word, and see where it looks.</source>
        <translation>Wähle einen Kopf, tippe auf ein Wort und sieh, wohin es schaut.</translation>
    </message>
</context>
<context>
    <name>Banner</name>
    <message>
        <source>Confirmation</source>
        <extracomment>A room&apos;s text never gets smaller than this. How long a short confirmation stays up. Longer confirmations stay up longer, this much per character, so they can be read. ... but never longer than this.</extracomment>
        <translation>Bestätigung</translation>
    </message>
</context>
<context>
    <name>ChallengePanel</name>
    <message>
        <source>Start the challenges again</source>
        <extracomment>Emitted with a challenge when it becomes complete (for the confirmation banner). What each challenge&apos;s last completion found, shown under it (this session only).</extracomment>
        <translation>Aufgaben neu beginnen</translation>
    </message>
    <message>
        <source>Reset challenges</source>
        <translation>Aufgaben zurücksetzen</translation>
    </message>
    <message>
        <source>%1 of %2 complete</source>
        <translation>%1 von %2 gelöst</translation>
    </message>
    <message>
        <source>Challenge complete: %1! (%2)</source>
        <translation>Aufgabe gelöst: %1! (%2)</translation>
    </message>
    <message>
        <source>✔ done</source>
        <translation>✔ gelöst</translation>
    </message>
    <message>
        <source>○ not yet</source>
        <translation>○ noch nicht</translation>
    </message>
    <message>
        <source>You found:</source>
        <translation>Du hast gefunden:</translation>
    </message>
    <message>
        <source>Ties:</source>
        <translation>Gleichstand:</translation>
    </message>
    <message>
        <source>Challenge %1, %2: done</source>
        <translation>Aufgabe %1, %2: gelöst</translation>
    </message>
    <message>
        <source>Challenge %1, %2: not yet</source>
        <translation>Aufgabe %1, %2: noch nicht</translation>
    </message>
</context>
<context>
    <name>Challenges</name>
    <message>
        <source>Predict the next word</source>
        <translation>Das nächste Wort vorhersagen</translation>
    </message>
    <message>
        <source>Nothing to copy</source>
        <translation>Nichts zum Kopieren</translation>
    </message>
    <message>
        <source>Peek at the future</source>
        <translation>Ein Blick in die Zukunft</translation>
    </message>
    <message>
        <source>Induction head, mask on: find a query (other than the lesson&apos;s second &apos;cat&apos;) whose strongest look lands on the same word as the token right after it.</source>
        <translation>Induktionskopf, Maske an: Finde eine Query (nicht die zweite „Katze“ der Lektion), deren stärkster Blick auf dasselbe Wort fällt wie das Token direkt nach ihr.</translation>
    </message>
    <message>
        <source>Same-word head, mask on: pick a word that has not appeared before and see where it looks when it has no earlier copy.</source>
        <translation>Kopf „Gleiches Wort“, Maske an: Wähle ein Wort, das vorher noch nicht vorkam, und sieh nach, wohin es schaut, wenn es keine frühere Kopie gibt.</translation>
    </message>
    <message>
        <source>Switch the causal mask off and find a query whose favourite key comes after it.</source>
        <translation>Schalte die kausale Maske aus und finde eine Query, deren Lieblings-Key nach ihr kommt.</translation>
    </message>
    <message>
        <source>If the query splits its attention evenly, every key in the tie must hold that word.</source>
        <translation>Verteilt die Query ihre Aufmerksamkeit gleichmäßig, muss jeder der gleichauf liegenden Keys dieses Wort enthalten.</translation>
    </message>
    <message>
        <source>Any tie counts here: only the word matters.</source>
        <translation>Hier zählt jeder Gleichstand: Es kommt nur auf das Wort an.</translation>
    </message>
    <message>
        <source>If the query splits its attention evenly, it counts when every key in the tie comes after the query.</source>
        <translation>Verteilt die Query ihre Aufmerksamkeit gleichmäßig, zählt es, wenn jeder der gleichauf liegenden Keys nach der Query kommt.</translation>
    </message>
    <message>
        <source>%1 splits evenly between %2, %3 each, and “%4” is indeed the next token.</source>
        <translation>%1 verteilt sich gleichmäßig auf %2, je %3, und „%4“ ist tatsächlich das nächste Token.</translation>
    </message>
    <message>
        <source>%1 looks most at %2, %3, and “%4” is indeed the next token.</source>
        <translation>%1 schaut am meisten auf %2, %3, und „%4“ ist tatsächlich das nächste Token.</translation>
    </message>
    <message>
        <source>%1 has no earlier copy, so it splits evenly between %2, %3 each.</source>
        <translation>%1 hat keine frühere Kopie und verteilt sich darum gleichmäßig auf %2, je %3.</translation>
    </message>
    <message>
        <source>%1 has no earlier copy, so it looks most at %2, %3.</source>
        <translation>%1 hat keine frühere Kopie und schaut darum am meisten auf %2, %3.</translation>
    </message>
    <message>
        <source>%1 splits evenly between %2, %3 each, all of them after the query. With the mask on, none of that weight would be allowed.</source>
        <translation>%1 verteilt sich gleichmäßig auf %2, je %3, und alle liegen nach der Query. Mit der Maske wäre nichts von diesem Gewicht erlaubt.</translation>
    </message>
    <message>
        <source>%1 looks most at %2, %3, it after the query. With the mask on, none of that weight would be allowed.</source>
        <translation>%1 schaut am meisten auf %2, %3, und das liegt nach der Query. Mit der Maske wäre nichts von diesem Gewicht erlaubt.</translation>
    </message>
    <message>
        <source>That is the induction move: find the earlier copy, look at what followed.</source>
        <translation>Das ist der Induktionszug: die frühere Kopie finden und auf das schauen, was ihr folgte.</translation>
    </message>
    <message>
        <source>But that was the first-token fallback, not the induction move: “%1” has no earlier copy to follow, so position 0 won by default.</source>
        <translation>Aber das war der Rückfall auf das erste Token, nicht der Induktionszug: „%1“ hat keine frühere Kopie, der es folgen könnte, also hat Position 0 kampflos gewonnen.</translation>
    </message>
    <message>
        <source>Compare %1, which does find one.</source>
        <translation>Vergleiche %1, das eine findet.</translation>
    </message>
    <message>
        <source>Only through the first-token fallback, not the induction move: see Goals.</source>
        <translation>Nur über den Rückfall auf das erste Token, nicht durch den Induktionszug: siehe Ziele.</translation>
    </message>
</context>
<context>
    <name>ComparisonView</name>
    <message>
        <source>What to notice: on the sentence the learned head is fuzzier than the rule, but it mostly lands on the same ringed cells; on the random repeat, where only the repeat can help, it is nearly as sharp as the rule.</source>
        <translation>Worauf zu achten ist: Auf dem Satz ist der gelernte Kopf unschärfer als die Regel, landet aber meist auf denselben umringten Zellen; auf der zufälligen Wiederholung, wo nur die Wiederholung helfen kann, ist er fast so scharf wie die Regel.</translation>
    </message>
    <message>
        <source>Ringed: the cells the rule looks for, the token after an earlier copy of the query.</source>
        <translation>Umringt: die Zellen, die die Regel sucht, das Token nach einer früheren Kopie der Query.</translation>
    </message>
    <message>
        <source>Constructed induction head</source>
        <translation>Gebauter Induktionskopf</translation>
    </message>
    <message>
        <source>Learned: layer %1 · head %2</source>
        <translation>Gelernt: Schicht %1 · Kopf %2</translation>
    </message>
    <message>
        <source>On the lesson&apos;s sentence</source>
        <translation>Auf dem Satz der Lektion</translation>
    </message>
    <message>
        <source>The rule and the learned head on the sentence</source>
        <translation>Die Regel und der gelernte Kopf auf dem Satz</translation>
    </message>
    <message>
        <source>The rule and the learned head on random symbols</source>
        <translation>Die Regel und der gelernte Kopf auf zufälligen Symbolen</translation>
    </message>
    <message>
        <source>On random symbols, %1 and then the same %1 again:</source>
        <translation>Auf zufälligen Symbolen, %1 und dann dieselben %1 noch einmal:</translation>
    </message>
</context>
<context>
    <name>CountdownOverlay</name>
    <message>
        <source>Touch anywhere to keep going. Starting over in %1 seconds.</source>
        <extracomment>A finger or button going down: what &quot;touch&quot; means for interrupting the exhibit. The end of a gesture whose start was eaten. Inputs that interrupt the countdown or the attract loop (a mere mouse drift does not). Inputs that prove somebody is there. What ends the gesture begun by each press. Longest time a swallowed gesture may last before input is let through again. Where the touch that woke the exhibit landed (global), None for a key. Events that end the gesture being eaten (empty: none is).</extracomment>
        <translation>Berühre den Bildschirm, um weiterzumachen. Neustart in %1 Sekunden.</translation>
    </message>
    <message>
        <source>Still there?</source>
        <translation>Noch da?</translation>
    </message>
    <message>
        <source>Touch anywhere to keep going.
Otherwise the exhibit starts over for the next visitor.</source>
        <translation>Berühre den Bildschirm, um weiterzumachen.
Sonst beginnt die Station neu.</translation>
    </message>
</context>
<context>
    <name>EnglishModel</name>
    <message>
        <source>layer %1 head %2</source>
        <translation>Schicht&#xa0;%1 · Kopf&#xa0;%2</translation>
    </message>
    <message>
        <source>Layer %1 head %2 on your sentence</source>
        <translation>Schicht&#xa0;%1 · Kopf&#xa0;%2 auf deinem Satz</translation>
    </message>
    <message>
        <source>previous token</source>
        <translation>voriges Token</translation>
    </message>
    <message>
        <source>same word</source>
        <translation>gleiches Wort</translation>
    </message>
    <message>
        <source>induction</source>
        <translation>Induktion</translation>
    </message>
    <message>
        <source>first token</source>
        <translation>erstes Token</translation>
    </message>
    <message>
        <source>broad</source>
        <translation>breit</translation>
    </message>
    <message>
        <source>current token</source>
        <translation>aktuelles Token</translation>
    </message>
    <message>
        <source>prose</source>
        <translation>Prosa</translation>
    </message>
    <message>
        <source>repeats</source>
        <translation>Wiederholungen</translation>
    </message>
    <message>
        <source>on prose: %1 %2</source>
        <translation>auf Prosa: %1 %2</translation>
    </message>
    <message>
        <source>on repeats: %1 %2</source>
        <translation>auf Wiederholungen: %1 %2</translation>
    </message>
    <message>
        <source>no clear pattern</source>
        <translation>kein klares Muster</translation>
    </message>
    <message>
        <source>%1: no clear pattern on held-out text.</source>
        <translation>%1: kein klares Muster auf zurückgehaltenem Text.</translation>
    </message>
    <message>
        <source>%1 does two jobs: %2.</source>
        <translation>%1 hat zwei Aufgaben: %2.</translation>
    </message>
    <message>
        <source>%1: %2.</source>
        <translation>%1: %2.</translation>
    </message>
    <message>
        <source>%1 on prose</source>
        <translation>%1 auf Prosa</translation>
    </message>
    <message>
        <source>%1 on repeats</source>
        <translation>%1 auf Wiederholungen</translation>
    </message>
    <message>
        <source>%1 as %2</source>
        <translation>%1 als %2</translation>
    </message>
    <message>
        <source>Words it does not know, read as forms of words it does: %1</source>
        <translation>Wörter, die es nicht kennt und als Formen bekannter Wörter liest: %1</translation>
    </message>
    <message>
        <source>‹start›</source>
        <translation>‹Start›</translation>
    </message>
    <message>
        <source>Position 0 is a start token the model reads before every text, so your words sit one place later here. Models have one so that a head with nothing useful to look at has a fixed place to put its attention: an attention sink.</source>
        <translation>Position 0 ist ein Start-Token, das das Modell vor jedem Text liest; deshalb stehen deine Wörter hier eine Stelle weiter hinten. Modelle haben eines, damit ein Kopf, der nichts Nützliches zum Anschauen findet, seine Aufmerksamkeit an einem festen Platz ablegen kann: einer Aufmerksamkeitssenke (englisch „attention sink“).</translation>
    </message>
    <message>
        <source>A previous-token head formed (%1, %2).</source>
        <translation>Ein Kopf für das vorige Token hat sich gebildet (%1, %2).</translation>
    </message>
    <message>
        <source>A first-token head, an attention sink, formed (%1, %2).</source>
        <translation>Ein Kopf für das erste Token, eine Aufmerksamkeitssenke, hat sich gebildet (%1, %2).</translation>
    </message>
    <message>
        <source>An induction head formed (%1, %2).</source>
        <translation>Ein Induktionskopf hat sich gebildet (%1, %2).</translation>
    </message>
    <message>
        <source>A same-word head formed (%1, %2).</source>
        <translation>Ein Kopf für gleiche Wörter hat sich gebildet (%1, %2).</translation>
    </message>
    <message>
        <source>A current-token head formed (%1, %2).</source>
        <translation>Ein Kopf für das aktuelle Token hat sich gebildet (%1, %2).</translation>
    </message>
    <message>
        <source>No clear previous-token head formed: the best is %1, %2.</source>
        <translation>Kein klarer Kopf für das vorige Token hat sich gebildet: Am besten ist %1, %2.</translation>
    </message>
    <message>
        <source>No clear first-token head formed: the best is %1, %2.</source>
        <translation>Kein klarer Kopf für das erste Token hat sich gebildet: Am besten ist %1, %2.</translation>
    </message>
    <message>
        <source>No clear induction head formed: the best is %1, %2.</source>
        <translation>Kein klarer Induktionskopf hat sich gebildet: Am besten ist %1, %2.</translation>
    </message>
    <message>
        <source>No clear current-token head formed: the best is %1, %2.</source>
        <translation>Kein klarer Kopf für das aktuelle Token hat sich gebildet: Am besten ist %1, %2.</translation>
    </message>
    <message>
        <source>%1 on prose, against %2 for even attention</source>
        <translation>%1 auf Prosa, gegenüber %2 bei gleichmäßiger Aufmerksamkeit</translation>
    </message>
    <message>
        <source>%1 on repeats, against %2 for even attention</source>
        <translation>%1 auf Wiederholungen, gegenüber %2 bei gleichmäßiger Aufmerksamkeit</translation>
    </message>
    <message>
        <source>the Bible</source>
        <translation>Bibel</translation>
    </message>
    <message>
        <source>WordNet</source>
        <translation>WordNet</translation>
    </message>
    <message>
        <source>the sayings</source>
        <translation>Sprüche</translation>
    </message>
    <message>
        <source>the everyday text</source>
        <translation>Alltagstext</translation>
    </message>
    <message>
        <source>sayings it never read</source>
        <translation>nie gelesene Sprüche</translation>
    </message>
    <message>
        <source>%1 %2 against %3</source>
        <translation>%1 %2 gegenüber %3</translation>
    </message>
    <message>
        <source>On held-out text of each source, and on a collection of sayings it never trained on, it guesses the next word better than a word-pair count (loss in nats per word: %1).</source>
        <translation>Auf zurückgehaltenem Text jeder Quelle und auf einer Sammlung von Sprüchen, die es nie gelesen hat, sagt es das nächste Wort besser voraus als eine Zählung von Wortpaaren (Verlust in Nats pro Wort: %1).</translation>
    </message>
    <message>
        <source>On held-out text it does not always guess the next word better than a word-pair count (loss in nats per word: %1).</source>
        <translation>Auf zurückgehaltenem Text sagt es das nächste Wort nicht immer besser voraus als eine Zählung von Wortpaaren (Verlust in Nats pro Wort: %1).</translation>
    </message>
    <message>
        <source>A model that has read English: %1 attention layers of %2 heads, %3 lower-cased words and punctuation marks plus one token for every other word, trained with this program&apos;s own NumPy code on the World English Bible, WordNet&apos;s definitions and example sentences, fortune-cookie sayings and a short everyday text of our own (all under free licences, from Debian packages).</source>
        <translation>Ein Modell, das Englisch gelesen hat: %1 Attention-Schichten mit je %2 Köpfen, %3 kleingeschriebene Wörter und Satzzeichen plus ein Token für jedes andere Wort, trainiert mit dem eigenen NumPy-Code dieses Programms auf der World English Bible, den Definitionen und Beispielsätzen von WordNet, Sprüchen aus Glückskeksen und einem kurzen eigenen Alltagstext (alles unter freien Lizenzen, aus Debian-Paketen).</translation>
    </message>
    <message>
        <source>%1: the best match is %2. It is shown large above.</source>
        <translation>%1: Am besten passt %2. Er ist oben groß zu sehen.</translation>
    </message>
    <message>
        <source>Each score is the share of the head&apos;s attention that lands where the pattern looks (for Broad: how evenly it spreads), from 0 to 1. It is measured once, on passages it never trained on, 32 from each of its four sources (the Bible, WordNet, the sayings, the everyday text): plain prose, and for induction prose followed by its own repeat. A head is named after a pattern from %1 up. Beside each score: what a head spreading its attention evenly would score on the same text, the level a score must rise above to mean anything.</source>
        <translation>Jeder Wert ist der Anteil der Aufmerksamkeit des Kopfes, der dort landet, wo das Muster hinschaut (bei „Breit“: wie gleichmäßig sie sich verteilt), von 0 bis 1. Gemessen wird einmal, auf Passagen, mit denen das Modell nie trainiert wurde, je 32 aus jeder seiner vier Quellen (Bibel, WordNet, Sprüche, Alltagstext): einfache Prosa und, für Induktion, Prosa mit ihrer eigenen Wiederholung dahinter. Ab %1 wird ein Kopf nach einem Muster benannt. Daneben steht, was ein Kopf, der seine Aufmerksamkeit gleichmäßig verteilt, auf demselben Text erreichen würde: Erst darüber sagt ein Wert etwas aus.</translation>
    </message>
    <message>
        <source>%1: no head of this model does it clearly. The closest is %2, shown large above.</source>
        <translation>%1: Kein Kopf dieses Modells tut das deutlich. Am nächsten kommt %2, oben groß zu sehen.</translation>
    </message>
    <message>
        <source>Next: %1, %2.</source>
        <translation>Danach: %1, %2.</translation>
    </message>
    <message>
        <source>Words it does not know, read as one “unknown word” token: %1</source>
        <translation>Wörter, die es nicht kennt und alle als ein Token „unbekanntes Wort“ liest: %1</translation>
    </message>
    <message>
        <source>After %1, the model&apos;s five likeliest next words:</source>
        <translation>Nach %1 die fünf wahrscheinlichsten nächsten Wörter laut Modell:</translation>
    </message>
    <message>
        <source>(unknown word)</source>
        <translation>(unbekanntes Wort)</translation>
    </message>
    <message>
        <source>A same-word (duplicate-token) head did not form in this model: the best is %1, %2.</source>
        <translation>Ein Kopf für gleiche Wörter (Duplikat-Token) hat sich in diesem Modell nicht gebildet: Am besten ist %1, %2.</translation>
    </message>
    <message>
        <source>In %1 of its training passages a stretch of the text was followed by a copy of itself, and guessing the copied words counted %2 times as much, so that copying earlier text paid off often enough for induction to form.</source>
        <translation>In %1 seiner Trainingspassagen folgte auf ein Stück Text eine Kopie davon, und das Erraten der kopierten Wörter zählte %2-mal so viel. So lohnte sich das Kopieren von früherem Text oft genug, dass sich Induktion bilden konnte.</translation>
    </message>
    <message>
        <source>In %1 of its training passages a stretch of the text was followed by a copy of itself, so that copying earlier text paid off often enough for induction to form.</source>
        <translation>In %1 seiner Trainingspassagen folgte auf ein Stück Text eine Kopie davon. So lohnte sich das Kopieren von früherem Text oft genug, dass sich Induktion bilden konnte.</translation>
    </message>
</context>
<context>
    <name>EnglishView</name>
    <message>
        <source>Mary and John</source>
        <translation>Mary und John</translation>
    </message>
    <message>
        <source>The lesson&apos;s sentence</source>
        <translation>Satz der Lektion (englisch)</translation>
    </message>
    <message>
        <source>A repeated passage</source>
        <translation>Eine wiederholte Passage</translation>
    </message>
    <message>
        <source>The English model could not be loaded.</source>
        <translation>Das englische Modell konnte nicht geladen werden.</translation>
    </message>
    <message>
        <source>This model reads at most %1 tokens and the sentence has %2; shorten it to see the model&apos;s heads.</source>
        <translation>Dieses Modell liest höchstens %1 Tokens, und der Satz hat %2; kürze ihn, um die Köpfe des Modells zu sehen.</translation>
    </message>
    <message>
        <source>This model has read only English: its words and its guesses stay English whatever language the program speaks.</source>
        <translation>Dieses Modell hat nur englischen Text gelesen: Seine Wörter und seine Vermutungen bleiben englisch, auch wenn das Programm Deutsch spricht.</translation>
    </message>
    <message>
        <source>This model has read only English: type English sentences. Its words and its guesses stay English whatever language the program speaks.</source>
        <translation>Dieses Modell hat nur englischen Text gelesen: Tippe englische Sätze ein. Seine Wörter und seine Vermutungen bleiben englisch, auch wenn das Programm Deutsch spricht.</translation>
    </message>
    <message>
        <source>Heads of a model that has read English</source>
        <extracomment>What the page draws: the controller&apos;s English result for the last sentence.</extracomment>
        <translation>Köpfe eines Modells, das Englisch gelesen hat</translation>
    </message>
    <message>
        <source>Heads of the English model, small maps</source>
        <translation>Köpfe des englischen Modells, kleine Karten</translation>
    </message>
    <message>
        <source>The selected head of the English model, large</source>
        <translation>Der gewählte Kopf des englischen Modells, groß</translation>
    </message>
    <message>
        <source>Where the query looks, in the selected head</source>
        <translation>Wohin die Query im gewählten Kopf schaut</translation>
    </message>
    <message>
        <source>What formed in this model and what did not</source>
        <translation>Was sich in diesem Modell gebildet hat und was nicht</translation>
    </message>
    <message>
        <source>Tap a map to show it large; tap a row of the large map to choose the query.</source>
        <translation>Tippe auf eine Karte, um sie groß zu zeigen; tippe auf eine Zeile der großen Karte, um die Query zu wählen.</translation>
    </message>
    <message>
        <source>Sets the sentence: %1</source>
        <translation>Setzt diesen Satz ein: %1</translation>
    </message>
    <message>
        <source>What the model reads, position by position</source>
        <extracomment>The narrowest chip, as a share of its height (a one-letter chip is a thin target). The narrowest chip in px (a kiosk&apos;s finger: 48 px, even for &quot;.&quot;).</extracomment>
        <translation>Was das Modell liest, Stelle für Stelle</translation>
    </message>
</context>
<context>
    <name>Errors</name>
    <message>
        <source>The sentence is empty; type at least one word.</source>
        <translation>Der Satz ist leer; tippe mindestens ein Wort.</translation>
    </message>
    <message>
        <source>The sentence has more than %1 tokens; shorten it to %1 words and punctuation marks or fewer.</source>
        <translation>Der Satz hat mehr als %1 Tokens; kürze ihn auf höchstens %1 Wörter und Satzzeichen.</translation>
    </message>
    <message>
        <source>That is not text the program can read.</source>
        <translation>Das ist kein Text, den das Programm lesen kann.</translation>
    </message>
    <message>
        <source>There is no model file at %1.</source>
        <translation>Unter %1 gibt es keine Modelldatei.</translation>
    </message>
    <message>
        <source>The model file %1 is damaged or is not a NumPy .npz archive.</source>
        <translation>Die Modelldatei %1 ist beschädigt oder kein NumPy-Archiv im .npz-Format.</translation>
    </message>
    <message>
        <source>The file %1 is not a model file of this program.</source>
        <translation>Die Datei %1 ist keine Modelldatei dieses Programms.</translation>
    </message>
    <message>
        <source>The model file %1 was written in a format this version cannot read.</source>
        <translation>Die Modelldatei %1 hat ein Format, das diese Version nicht lesen kann.</translation>
    </message>
    <message>
        <source>The description of the model in %1 is damaged.</source>
        <translation>Die Beschreibung des Modells in %1 ist beschädigt.</translation>
    </message>
    <message>
        <source>The weights in %1 are damaged or do not fit the model.</source>
        <translation>Die Gewichte in %1 sind beschädigt oder passen nicht zum Modell.</translation>
    </message>
    <message>
        <source>The word list in %1 is missing or does not fit the model.</source>
        <translation>Die Wortliste in %1 fehlt oder passt nicht zum Modell.</translation>
    </message>
    <message>
        <source>The model file %1 cannot be used.</source>
        <translation>Die Modelldatei %1 ist nicht verwendbar.</translation>
    </message>
    <message>
        <source>Reinstall the program, or run %1 to recreate it.</source>
        <translation>Installiere das Programm neu oder erzeuge die Datei mit %1 neu.</translation>
    </message>
    <message>
        <source>the file %1 could not be read</source>
        <translation>die Datei %1 ließ sich nicht lesen</translation>
    </message>
    <message>
        <source>the file %1 is not UTF-8 text</source>
        <translation>die Datei %1 ist kein UTF-8-Text</translation>
    </message>
    <message>
        <source>the file %1 is not valid JSON</source>
        <translation>die Datei %1 ist kein gültiges JSON</translation>
    </message>
    <message>
        <source>the file %1 does not hold what the program expects</source>
        <translation>die Datei %1 enthält nicht, was das Programm erwartet</translation>
    </message>
</context>
<context>
    <name>Export</name>
    <message>
        <source>Attention Heads: %1 head, causal mask on, query %2 (%3)</source>
        <translation>Attention Heads: Kopf %1, kausale Maske an, Query %2 (%3)</translation>
    </message>
    <message>
        <source>Attention Heads: %1 head, causal mask off, query %2 (%3)</source>
        <translation>Attention Heads: Kopf %1, kausale Maske aus, Query %2 (%3)</translation>
    </message>
    <message>
        <source>could not write %1: pictures are saved as .png or .svg</source>
        <translation>%1 konnte nicht geschrieben werden: Bilder werden als .png oder .svg gespeichert</translation>
    </message>
    <message>
        <source>could not write %1: only %2 of %3 bytes were written</source>
        <extracomment>A write the system cut short without saying why (a file size limit, say).</extracomment>
        <translation>%1 konnte nicht geschrieben werden: nur %2 von %3 Bytes wurden geschrieben</translation>
    </message>
    <message>
        <source>could not write %1: %2</source>
        <translation>%1 konnte nicht geschrieben werden: %2</translation>
    </message>
    <message>
        <source>could not write the file: its name is empty</source>
        <translation>Die Datei konnte nicht geschrieben werden: ihr Name ist leer</translation>
    </message>
    <message>
        <source>could not write %1: it is a link to nothing</source>
        <translation>%1 konnte nicht geschrieben werden: es ist eine Verknüpfung ins Leere</translation>
    </message>
    <message>
        <source>could not write %1: the folder %2 does not exist</source>
        <translation>%1 konnte nicht geschrieben werden: den Ordner %2 gibt es nicht</translation>
    </message>
    <message>
        <source>could not write %1: it is a folder</source>
        <translation>%1 konnte nicht geschrieben werden: es ist ein Ordner</translation>
    </message>
    <message>
        <source>could not write %1: it is not a regular file</source>
        <translation>%1 konnte nicht geschrieben werden: es ist keine gewöhnliche Datei</translation>
    </message>
    <message>
        <source>could not write %1: the folder %2 cannot be written to</source>
        <translation>%1 konnte nicht geschrieben werden: in den Ordner %2 darf nicht geschrieben werden</translation>
    </message>
    <message>
        <source>could not write %1: the name is not valid UTF-8</source>
        <translation>%1 konnte nicht geschrieben werden: der Name ist kein gültiges UTF-8</translation>
    </message>
    <message>
        <source>there is nothing to draw yet: the panel has no size</source>
        <translation>Noch gibt es nichts zu zeichnen: der Bereich hat keine Größe</translation>
    </message>
    <message>
        <source>the picture could not be encoded as PNG</source>
        <extracomment>Room kept below the lowest part of a picture (the legend&apos;s descenders, a focus ring).</extracomment>
        <translation>Das Bild konnte nicht als PNG kodiert werden</translation>
    </message>
    <message>
        <source>the SVG drawing could not be started</source>
        <translation>Die SVG-Zeichnung konnte nicht begonnen werden</translation>
    </message>
    <message>
        <source>the SVG drawing came out malformed: %1</source>
        <translation>Die SVG-Zeichnung ist fehlerhaft geworden: %1</translation>
    </message>
    <message>
        <source>the PDF file could not be started</source>
        <translation>Die PDF-Datei konnte nicht begonnen werden</translation>
    </message>
</context>
<context>
    <name>ExportMenu</name>
    <message>
        <source>Heatmap</source>
        <translation>Heatmap</translation>
    </message>
    <message>
        <source>Small maps of all heads</source>
        <translation>Kleine Karten aller Köpfe</translation>
    </message>
    <message>
        <source>Whole window</source>
        <translation>Ganzes Fenster</translation>
    </message>
    <message>
        <source>Weights of the selected head</source>
        <translation>Gewichte des gewählten Kopfs</translation>
    </message>
    <message>
        <source>Handout of the window</source>
        <translation>Handout des Fensters</translation>
    </message>
    <message>
        <source>Export heatmap as %1</source>
        <translation>Heatmap als %1 exportieren</translation>
    </message>
    <message>
        <source>Export small maps of all heads as %1</source>
        <translation>Kleine Karten aller Köpfe als %1 exportieren</translation>
    </message>
    <message>
        <source>Export whole window as %1</source>
        <translation>Ganzes Fenster als %1 exportieren</translation>
    </message>
    <message>
        <source>Export weights of the selected head as %1</source>
        <translation>Gewichte des gewählten Kopfs als %1 exportieren</translation>
    </message>
    <message>
        <source>Export a handout of the window as %1</source>
        <translation>Handout des Fensters als %1 exportieren</translation>
    </message>
    <message>
        <source>PNG image (*.png)</source>
        <translation>PNG-Bild (*.png)</translation>
    </message>
    <message>
        <source>SVG drawing (*.svg)</source>
        <translation>SVG-Zeichnung (*.svg)</translation>
    </message>
    <message>
        <source>CSV table (*.csv)</source>
        <translation>CSV-Tabelle (*.csv)</translation>
    </message>
    <message>
        <source>PDF document (*.pdf)</source>
        <translation>PDF-Dokument (*.pdf)</translation>
    </message>
    <message>
        <source>Nothing was saved.</source>
        <extracomment>The file dialog&apos;s size, in lines of text (width, height).</extracomment>
        <translation>Es wurde nichts gespeichert.</translation>
    </message>
    <message>
        <source>Export failed</source>
        <translation>Export fehlgeschlagen</translation>
    </message>
    <message>
        <source>&amp;Export</source>
        <translation>&amp;Exportieren</translation>
    </message>
    <message>
        <source>%1 as %2…</source>
        <translation>%1 als %2…</translation>
    </message>
</context>
<context>
    <name>GPT2Errors</name>
    <message>
        <source>%1 is not a folder.</source>
        <translation>%1 ist kein Ordner.</translation>
    </message>
    <message>
        <source>%1 lacks %2.</source>
        <translation>In %1 fehlt %2.</translation>
    </message>
    <message>
        <source>%1 has %2 but no model.safetensors, the only weights file this program reads: download model.safetensors of the same model as well.</source>
        <translation>%1 enthält %2, aber keine model.safetensors, die einzige Gewichtsdatei, die dieses Programm liest: Lade auch model.safetensors desselben Modells herunter.</translation>
    </message>
    <message>
        <source>%1 cannot be used: %2.</source>
        <translation>%1 lässt sich nicht verwenden: %2.</translation>
    </message>
    <message>
        <source>%1 belongs to a %2 model; this page reads models of the GPT-2 family only.</source>
        <translation>%1 gehört zu einem %2-Modell; diese Seite liest nur Modelle der GPT-2-Familie.</translation>
    </message>
    <message>
        <source>%1 asks for the activation %2, which this program does not compute.</source>
        <translation>%1 verlangt die Aktivierungsfunktion %2, die dieses Programm nicht berechnet.</translation>
    </message>
    <message>
        <source>%1 is not a safetensors file.</source>
        <translation>%1 ist keine safetensors-Datei.</translation>
    </message>
    <message>
        <source>%1 has been cut short (a download or copy that stopped half-way): copy it again.</source>
        <translation>%1 ist unvollständig (ein Download oder eine Kopie, die mittendrin abgebrochen ist): Kopiere die Datei noch einmal.</translation>
    </message>
    <message>
        <source>%1 stores its weights as %2, which NumPy cannot read.</source>
        <translation>%1 speichert die Gewichte als %2, das NumPy nicht lesen kann.</translation>
    </message>
    <message>
        <source>The weights in %1 do not fit config.json (%2): they are not from the same model.</source>
        <translation>Die Gewichte in %1 passen nicht zu config.json (%2): Sie stammen nicht vom selben Modell.</translation>
    </message>
    <message>
        <source>%1 cannot be read as a tokenizer.</source>
        <translation>%1 lässt sich nicht als Tokenizer lesen.</translation>
    </message>
    <message>
        <source>The tokenizer in %1 knows more tokens than the model: they are not from the same model.</source>
        <translation>Der Tokenizer in %1 kennt mehr Tokens als das Modell: Sie stammen nicht vom selben Modell.</translation>
    </message>
    <message>
        <source>The weights in %1 need %2 of memory and %3 is free: close other programs or use a smaller model.</source>
        <translation>Die Gewichte in %1 brauchen %2 Arbeitsspeicher, frei sind %3: Schließe andere Programme oder nimm ein kleineres Modell.</translation>
    </message>
</context>
<context>
    <name>GPT2Model</name>
    <message>
        <source>%1 GB</source>
        <translation>%1 GB</translation>
    </message>
    <message>
        <source>%1 million</source>
        <translation>%1 Millionen</translation>
    </message>
    <message>
        <source>%1: %2 layers of %3 heads, %4 weights (%5), read from %6. It reads at most %7 tokens.</source>
        <translation>%1: %2 Schichten mit je %3 Köpfen, %4 Gewichte (%5), gelesen aus %6. Es liest höchstens %7 Tokens.</translation>
    </message>
</context>
<context>
    <name>GPT2View</name>
    <message>
        <source>Find the heads</source>
        <translation>Finde die Köpfe</translation>
    </message>
    <message>
        <source>Find the strongest %1 head</source>
        <translation>Den stärksten Kopf für „%1“ finden</translation>
    </message>
    <message>
        <source>The strongest head of that kind</source>
        <translation>Der stärkste Kopf dieser Art</translation>
    </message>
    <message>
        <source>Head detector</source>
        <translation>Kopfdetektor</translation>
    </message>
    <message>
        <source>What the selected head does</source>
        <translation>Was der gewählte Kopf tut</translation>
    </message>
    <message>
        <source>Pattern</source>
        <translation>Muster</translation>
    </message>
    <message>
        <source>Score on this text</source>
        <translation>Wert auf diesem Text</translation>
    </message>
    <message>
        <source>Even attention</source>
        <translation>Gleichmäßige Aufmerksamkeit</translation>
    </message>
    <message>
        <source>Every head of the model, small maps</source>
        <extracomment>Largest map side, in multiples of the body text size (a few heads wide on a wide page). Between two maps, in pixels.</extracomment>
        <translation>Alle Köpfe des Modells, kleine Karten</translation>
    </message>
    <message>
        <source>%1, shown large</source>
        <translation>%1, groß gezeigt</translation>
    </message>
    <message>
        <source>No model is open yet. This page shows every head of GPT-2 small (or another model of the GPT-2 family) on your sentence, read from a folder on this computer that holds config.json, model.safetensors and tokenizer.json. The program never downloads a model: bring the folder on a USB stick and open it here.</source>
        <translation>Noch ist kein Modell geöffnet. Diese Seite zeigt jeden Kopf von GPT-2 small (oder eines anderen Modells der GPT-2-Familie) auf deinem Satz, gelesen aus einem Ordner auf diesem Computer, der config.json, model.safetensors und tokenizer.json enthält. Das Programm lädt nie ein Modell herunter: Bring den Ordner auf einem USB-Stick mit und öffne ihn hier.</translation>
    </message>
    <message>
        <source>No model has been set up for this exhibit.</source>
        <translation>Für diese Ausstellung ist kein Modell eingerichtet.</translation>
    </message>
    <message>
        <source>GPT-2 read English web pages: its tokens and its guesses stay English whatever language the program speaks.</source>
        <translation>GPT-2 hat englische Webseiten gelesen: Seine Tokens und seine Vorhersagen bleiben Englisch, gleich welche Sprache das Programm spricht.</translation>
    </message>
    <message>
        <source>The model reads pieces of words, called tokens. ␣ marks a space at the start of a token: “␣cat” and “cat” are different tokens to it. A character it has no token for is cut into bytes: “ä 1/2” is the first of its two byte pieces.</source>
        <translation>Das Modell liest Wortstücke, Tokens genannt. ␣ steht für ein Leerzeichen am Anfang eines Tokens: „␣cat“ und „cat“ sind für das Modell verschiedene Tokens. Ein Zeichen, für das es kein Token hat, wird in Bytes zerlegt: „ä 1/2“ ist das erste seiner zwei Byte-Stücke.</translation>
    </message>
    <message>
        <source>Position 0 is GPT-2&apos;s end-of-text token, which stood between the documents it learned from; here it starts every text, and heads with nothing to do rest their attention on it: an attention sink.</source>
        <translation>Position 0 ist das Textende-Token von GPT-2, das zwischen den Dokumenten stand, aus denen es gelernt hat; hier steht es am Anfang jedes Texts, und Köpfe, die nichts zu tun haben, legen ihre Aufmerksamkeit darauf ab: eine Aufmerksamkeitssenke.</translation>
    </message>
    <message>
        <source>Reading the weights: %1 of %2…</source>
        <translation>Die Gewichte werden gelesen: %1 von %2…</translation>
    </message>
    <message>
        <source>Running the model: layer %1 of %2…</source>
        <translation>Das Modell rechnet: Schicht %1 von %2…</translation>
    </message>
    <message>
        <source>Reading the tokenizer…</source>
        <translation>Der Tokenizer wird gelesen…</translation>
    </message>
    <message>
        <source>Reading config.json…</source>
        <translation>config.json wird gelesen…</translation>
    </message>
    <message>
        <source>The model could not be read. %1</source>
        <translation>Das Modell ließ sich nicht lesen. %1</translation>
    </message>
    <message>
        <source>That folder could not be used. %1</source>
        <translation>Dieser Ordner ließ sich nicht verwenden. %1</translation>
    </message>
    <message>
        <source>That folder could not be used. %1 The model from %2 stays open.</source>
        <translation>Dieser Ordner ließ sich nicht verwenden. %1 Das Modell aus %2 bleibt geöffnet.</translation>
    </message>
    <message>
        <source>This model reads at most %1 tokens and the sentence makes %2; shorten it to see its heads.</source>
        <translation>Dieses Modell liest höchstens %1 Tokens, und der Satz ergibt %2; kürze ihn, um seine Köpfe zu sehen.</translation>
    </message>
    <message>
        <source>A repeated passage</source>
        <translation>Eine wiederholte Passage</translation>
    </message>
    <message>
        <source>Your sentence</source>
        <translation>Dein Satz</translation>
    </message>
    <message>
        <source>on the repeated passage</source>
        <translation>auf der wiederholten Passage</translation>
    </message>
    <message>
        <source>on your sentence</source>
        <translation>auf deinem Satz</translation>
    </message>
    <message>
        <source>P</source>
        <comment>previous token</comment>
        <translation>V</translation>
    </message>
    <message>
        <source>S</source>
        <comment>same word</comment>
        <translation>G</translation>
    </message>
    <message>
        <source>I</source>
        <comment>induction</comment>
        <translation>I</translation>
    </message>
    <message>
        <source>F</source>
        <comment>first token</comment>
        <translation>E</translation>
    </message>
    <message>
        <source>no clear pattern</source>
        <translation>kein klares Muster</translation>
    </message>
    <message>
        <source>Every head on this text, layers down and heads across. Under each map: the pattern it follows most, and its score. Tap a map, or use the arrow keys and Enter, to show it large.</source>
        <translation>Jeder Kopf auf diesem Text, die Schichten untereinander, die Köpfe nebeneinander. Unter jeder Karte: das Muster, dem der Kopf am meisten folgt, und sein Wert. Tippe auf eine Karte oder nimm die Pfeiltasten und die Eingabetaste, um sie groß zu zeigen.</translation>
    </message>
    <message>
        <source>%1: no clear pattern</source>
        <translation>%1: kein klares Muster</translation>
    </message>
    <message>
        <source>%1: nothing to measure %2.</source>
        <translation>%1: %2 gibt es nichts zu messen.</translation>
    </message>
    <message>
        <source>%1 follows the %2 pattern %3: %4 (even attention: %5).</source>
        <translation>%1 folgt %3 dem Muster „%2“: %4 (gleichmäßige Aufmerksamkeit: %5).</translation>
    </message>
    <message>
        <source>%1 follows no pattern clearly %3; the closest is %2, %4 (even attention: %5).</source>
        <translation>%1 folgt %3 keinem Muster klar; am nächsten kommt „%2“ mit %4 (gleichmäßige Aufmerksamkeit: %5).</translation>
    </message>
    <message>
        <source>Each score is the share of the head&apos;s attention that lands where the pattern looks, from 0 to 1, averaged over the tokens that have such a place; “even attention” is what a head that spreads its attention evenly would score on the same text. A head is named after a pattern from %1 up, and only above even attention.</source>
        <translation>Jeder Wert ist der Anteil der Aufmerksamkeit des Kopfes, der dort landet, wo das Muster hinschaut, von 0 bis 1, gemittelt über die Tokens, die eine solche Stelle haben; „gleichmäßige Aufmerksamkeit“ ist der Wert, den ein Kopf, der seine Aufmerksamkeit gleichmäßig verteilt, auf demselben Text erreichen würde. Ab %1, und nur über der gleichmäßigen Aufmerksamkeit, wird ein Kopf nach einem Muster benannt.</translation>
    </message>
    <message>
        <source>Find the strongest head of each kind on this text:</source>
        <translation>Finde den stärksten Kopf jeder Art auf diesem Text:</translation>
    </message>
    <message>
        <source>%1: this text gives the pattern nothing to find (no token repeats). Try the repeated passage.</source>
        <translation>%1: Auf diesem Text findet das Muster nichts (kein Token wiederholt sich). Versuch es mit der wiederholten Passage.</translation>
    </message>
    <message>
        <source>%1 %2: the strongest is %3, %4 (even attention: %5).</source>
        <translation>%1 %2: Am stärksten ist %3 mit %4 (gleichmäßige Aufmerksamkeit: %5).</translation>
    </message>
    <message>
        <source>%1 %2: no head does it clearly; the closest is %3, %4 (even attention: %5).</source>
        <translation>%1 %2: Kein Kopf tut es klar; am nächsten kommt %3 mit %4 (gleichmäßige Aufmerksamkeit: %5).</translation>
    </message>
    <message>
        <source>Next: %1, %2.</source>
        <translation>Danach: %1, %2.</translation>
    </message>
    <message>
        <source>After %1, the model&apos;s five likeliest next tokens:</source>
        <translation>Nach %1 die fünf wahrscheinlichsten nächsten Tokens des Modells:</translation>
    </message>
    <message>
        <source>Heads of GPT-2, from a model folder</source>
        <extracomment>What the page draws (None until the model has run on the text).</extracomment>
        <translation>Köpfe von GPT-2, aus einem Modellordner</translation>
    </message>
    <message>
        <source>Open model…</source>
        <translation>Modell öffnen…</translation>
    </message>
    <message>
        <source>Choose a GPT-2 model folder</source>
        <translation>Einen GPT-2-Modellordner wählen</translation>
    </message>
    <message>
        <source>Reading the model</source>
        <translation>Das Modell wird gelesen</translation>
    </message>
    <message>
        <source>The tokens the model reads</source>
        <translation>Die Tokens, die das Modell liest</translation>
    </message>
    <message>
        <source>The selected head, large</source>
        <translation>Der gewählte Kopf, groß</translation>
    </message>
    <message>
        <source>Where the query looks, in the selected head</source>
        <translation>Wohin die Query im gewählten Kopf schaut</translation>
    </message>
    <message>
        <source>Open a GPT-2 model folder</source>
        <translation>Einen GPT-2-Modellordner öffnen</translation>
    </message>
    <message>
        <source>Opening the folder…</source>
        <translation>Der Ordner wird geöffnet…</translation>
    </message>
    <message>
        <source>Running the model…</source>
        <translation>Das Modell rechnet…</translation>
    </message>
    <message>
        <source>The model could not be run; the log has the details.</source>
        <translation>Das Modell konnte nicht rechnen; die Einzelheiten stehen im Protokoll.</translation>
    </message>
</context>
<context>
    <name>GlossaryDialog</name>
    <message>
        <source>The glossary could not be loaded: %1.</source>
        <translation>Das Glossar konnte nicht geladen werden: %1.</translation>
    </message>
    <message>
        <source>Glossary</source>
        <extracomment>The dialog&apos;s size at the normal text size, in pixels; larger text makes it larger.</extracomment>
        <translation>Glossar</translation>
    </message>
    <message>
        <source>Close</source>
        <translation>Schließen</translation>
    </message>
    <message>
        <source>Close the glossary</source>
        <translation>Glossar schließen</translation>
    </message>
    <message>
        <source>The glossary is empty.</source>
        <translation>Das Glossar ist leer.</translation>
    </message>
    <message>
        <source>Glossary terms</source>
        <translation>Begriffe des Glossars</translation>
    </message>
    <message>
        <source>This term has no entry in the glossary yet.</source>
        <translation>Für diesen Begriff gibt es noch keinen Eintrag im Glossar.</translation>
    </message>
</context>
<context>
    <name>HeadCard</name>
    <message>
        <source>No cells to score on this sentence.</source>
        <translation>Auf diesem Satz gibt es keine Zellen, die zählen.</translation>
    </message>
    <message>
        <source>Then the [[causal_mask|causal mask]] and a [[softmax]] turn each row of scores into weights.</source>
        <translation>Dann machen die [[causal_mask|kausale Maske]] und ein [[softmax|Softmax]] aus jeder Zeile von Punktzahlen Gewichte.</translation>
    </message>
    <message>
        <source>&lt;i&gt;w&lt;sub&gt;i&lt;/sub&gt;&lt;/i&gt; is the word at position &lt;i&gt;i&lt;/i&gt;, compared without case.</source>
        <translation>&lt;i&gt;w&lt;sub&gt;i&lt;/sub&gt;&lt;/i&gt; ist das Wort an Position &lt;i&gt;i&lt;/i&gt;, verglichen ohne Rücksicht auf Groß- und Kleinschreibung.</translation>
    </message>
    <message>
        <source>The head descriptions could not be loaded: %1.</source>
        <translation>Die Beschreibungen der Köpfe konnten nicht geladen werden: %1.</translation>
    </message>
    <message>
        <source>No head descriptions were given.</source>
        <extracomment>A Show me set the stage up (its ShowMe): the window brings the stage into view.</extracomment>
        <translation>Es wurden keine Beschreibungen der Köpfe mitgegeben.</translation>
    </message>
    <message>
        <source>The rule as a formula</source>
        <extracomment>The pattern score on display (None: nothing to score).</extracomment>
        <translation>Die Regel als Formel</translation>
    </message>
    <message>
        <source>[[pattern_score|Pattern score]] on this sentence</source>
        <translation>[[pattern_score|Muster-Wert]] auf diesem Satz</translation>
    </message>
    <message>
        <source>Pattern score</source>
        <translation>Muster-Wert</translation>
    </message>
    <message>
        <source>Rule</source>
        <extracomment>Under each prompt: the sentence it is written for, when not the learner&apos;s.</extracomment>
        <translation>Regel</translation>
    </message>
    <message>
        <source>Where it was described</source>
        <translation>Wo er beschrieben wurde</translation>
    </message>
    <message>
        <source>Try this</source>
        <translation>Probier das</translation>
    </message>
    <message>
        <source>%1 head</source>
        <translation>Kopf %1</translation>
    </message>
    <message>
        <source>Show me</source>
        <translation>Zeig es mir</translation>
    </message>
    <message>
        <source>%1 of 1</source>
        <translation>%1 von 1</translation>
    </message>
    <message>
        <source>score</source>
        <extracomment>Show me may open one of these side pages as well. Queries given by name rather than position. The name of the function in the head card&apos;s formula, &quot;score(i, j) =&quot;.</extracomment>
        <translation>Punktzahl</translation>
    </message>
</context>
<context>
    <name>HeadDetector</name>
    <message>
        <source>Head detector</source>
        <translation>Kopfdetektor</translation>
    </message>
    <message>
        <source>What the selected head looks like</source>
        <translation>Wonach der gewählte Kopf aussieht</translation>
    </message>
    <message>
        <source>Pattern</source>
        <translation>Muster</translation>
    </message>
    <message>
        <source>Held-out score</source>
        <translation>Gemessener Wert</translation>
    </message>
    <message>
        <source>Even attention</source>
        <translation>Gleichmäßig verteilt</translation>
    </message>
    <message>
        <source>Measured on</source>
        <translation>Gemessen auf</translation>
    </message>
    <message>
        <source>Pattern to look for</source>
        <translation>Gesuchtes Muster</translation>
    </message>
    <message>
        <source>Where the pattern is in this model</source>
        <translation>Wo das Muster in diesem Modell steckt</translation>
    </message>
    <message>
        <source>Where is it in this model?</source>
        <translation>Wo steckt es in diesem Modell?</translation>
    </message>
    <message>
        <source>did not form in this model: best %1, even attention %2</source>
        <translation>hat sich in diesem Modell nicht gebildet: bester Wert %1, gleichmäßig verteilt %2</translation>
    </message>
</context>
<context>
    <name>HeadGrid</name>
    <message>
        <source>%1 head, small map, key %2</source>
        <extracomment>Maps per row: three, or two when a head&apos;s name would not fit above a third of the width (large text on a small screen). Between the maps, in pixels. The selected map&apos;s title starts with this marker when the whole title fits on one line (its outline and colour mark it too).</extracomment>
        <translation>Kopf %1, kleine Karte, Taste %2</translation>
    </message>
    <message>
        <source>%1 head, small map</source>
        <translation>Kopf %1, kleine Karte</translation>
    </message>
    <message>
        <source>Selected. %1</source>
        <translation>Ausgewählt. %1</translation>
    </message>
    <message>
        <source>All heads, small maps</source>
        <translation>Alle Köpfe, kleine Karten</translation>
    </message>
</context>
<context>
    <name>HeadSelector</name>
    <message>
        <source>(key %1)</source>
        <extracomment>Heights by (width, font). Layouts ask again and again for a few widths, and measuring five rich-text summaries each time slowed the first paint.</extracomment>
        <translation>(Taste %1)</translation>
    </message>
    <message>
        <source>%1 head, key %2</source>
        <translation>Kopf %1, Taste %2</translation>
    </message>
</context>
<context>
    <name>Heads</name>
    <message>
        <source>Previous token</source>
        <extracomment>The words of every pattern, by id: the constructed heads in their order, then the trained heads&apos; own patterns.</extracomment>
        <translation>Voriges Token</translation>
    </message>
    <message>
        <source>Same word</source>
        <translation>Gleiches Wort</translation>
    </message>
    <message>
        <source>Induction</source>
        <translation>Induktion</translation>
    </message>
    <message>
        <source>First token</source>
        <translation>Erstes Token</translation>
    </message>
    <message>
        <source>Broad</source>
        <translation>Breit</translation>
    </message>
    <message>
        <source>Every token looks at the token right before it.</source>
        <translation>Jedes Token schaut auf das Token direkt vor ihm.</translation>
    </message>
    <message>
        <source>Every token looks for earlier copies of its own word.</source>
        <translation>Jedes Token sucht frühere Kopien seines eigenen Worts.</translation>
    </message>
    <message>
        <source>Every token finds where its word appeared before and looks at the token that followed it there, ready to predict a repeat.</source>
        <translation>Jedes Token sucht, wo sein Wort schon einmal vorkam, und schaut auf das Token, das ihm dort folgte – bereit, eine Wiederholung vorherzusagen.</translation>
    </message>
    <message>
        <source>Every token rests its attention on the very first position.</source>
        <translation>Jedes Token legt seine Aufmerksamkeit auf die allererste Position.</translation>
    </message>
    <message>
        <source>Every token spreads its attention evenly over all it can see.</source>
        <translation>Jedes Token verteilt seine Aufmerksamkeit gleichmäßig auf alles, was es sehen kann.</translation>
    </message>
</context>
<context>
    <name>HeatmapTable</name>
    <message>
        <source>query %1, key %2: hidden by the mask</source>
        <translation>Query %1, Key %2: von der Maske verdeckt</translation>
    </message>
    <message>
        <source>query %1, key %2: %3</source>
        <translation>Query %1, Key %2: %3</translation>
    </message>
    <message>
        <source>query %1, the query</source>
        <translation>Query %1, die gewählte Query</translation>
    </message>
    <message>
        <source>query %1</source>
        <translation>Query %1</translation>
    </message>
    <message>
        <source>key %1</source>
        <translation>Key %1</translation>
    </message>
    <message>
        <source>%1. %2 rows, one per query, and %2 columns, one per key. The query row is %3.</source>
        <translation>%1. %2 Zeilen, eine pro Query, und %2 Spalten, eine pro Key. Die Zeile der Query ist %3.</translation>
    </message>
    <message>
        <source>hidden</source>
        <translation>verdeckt</translation>
    </message>
    <message>
        <source>Row %1, %2:</source>
        <translation>Zeile %1, %2:</translation>
    </message>
</context>
<context>
    <name>HeatmapView</name>
    <message>
        <source>keys (what is looked at)</source>
        <extracomment>(place on the axis, text) for each tick of one axis. Lines of the top axis&apos;s labels: 2 (word over position), 3 when the words stand on two staggered rows (each word then has two cells&apos; width), 1 for positions. The key (tokens and font) and the (width, height) the axes took around the matrix while showing words for it: only the last one (a kiosk runs for days).</extracomment>
        <translation>Keys (worauf geschaut wird)</translation>
    </message>
    <message>
        <source>keys</source>
        <translation>Keys</translation>
    </message>
    <message>
        <source>queries (who is looking)</source>
        <translation>Queries (wer schaut)</translation>
    </message>
    <message>
        <source>queries</source>
        <translation>Queries</translation>
    </message>
    <message>
        <source>Attention weights heatmap</source>
        <extracomment>In a room: (words on the axes allowed, axis titles shown, the widest left label of the room&apos;s sentences); see set_room.</extracomment>
        <translation>Heatmap der Attention-Gewichte</translation>
    </message>
    <message>
        <source>%1 head — causal mask on</source>
        <translation>Kopf %1 – kausale Maske an</translation>
    </message>
    <message>
        <source>%1 head — causal mask off</source>
        <translation>Kopf %1 – kausale Maske aus</translation>
    </message>
    <message>
        <source>weight</source>
        <extracomment>Room at the right of the heatmap for its colour bar and the bar&apos;s numbers. A heatmap on the first page gets at least this much height, or a page of its own. Cells of the pages of numbers, in points: &quot;0.00&quot; stays at 6 pt or more. The small maps, side by side.
----------
The axis titles shown now, by side (see _update_axis_titles). Whether the axes show words with the positions (else positions alone).</extracomment>
        <translation>Gewicht</translation>
    </message>
    <message>
        <source>key %1</source>
        <translation>Key %1</translation>
    </message>
    <message>
        <source>query %1</source>
        <translation>Query %1</translation>
    </message>
    <message>
        <source>query %1, key %2</source>
        <translation>Query %1, Key %2</translation>
    </message>
</context>
<context>
    <name>InductionStory</name>
    <message>
        <source>The problem</source>
        <translation>Das Problem</translation>
    </message>
    <message>
        <source>Layer 1: every position learns its neighbour</source>
        <translation>Schicht 1: Jede Position lernt ihren Nachbarn</translation>
    </message>
    <message>
        <source>Layer 2: find what came next last time</source>
        <translation>Schicht 2: finden, was letztes Mal folgte</translation>
    </message>
    <message>
        <source>The same answer as the induction rule</source>
        <translation>Dieselbe Antwort wie die Induktionsregel</translation>
    </message>
    <message>
        <source>Why the mask makes a KV cache possible</source>
        <translation>Warum die Maske einen KV-Cache möglich macht</translation>
    </message>
    <message>
        <source>%1 or %2</source>
        <translation>%1 oder %2</translation>
    </message>
    <message>
        <source>%1 and %2</source>
        <translation>%1 und %2</translation>
    </message>
    <message>
        <source>Pick a token that repeats, such as %1, to see it work.</source>
        <translation>Wähle ein Token, das sich wiederholt, etwa %1, um es arbeiten zu sehen.</translation>
    </message>
    <message>
        <source>No word repeats in this sentence; try one that does, such as “a b c a b c”.</source>
        <translation>In diesem Satz wiederholt sich kein Wort; probiere einen, in dem es eines tut, etwa „a b c a b c“.</translation>
    </message>
    <message>
        <source>A key describes only its own token. Comparing the query with one key at a time, a single head cannot ask for “the token that came after an earlier copy of me”.</source>
        <translation>Ein Key beschreibt nur sein eigenes Token. Wenn ein einzelner Kopf die Query mit einem Key nach dem anderen vergleicht, kann er nicht nach „dem Token, das nach einer früheren Kopie von mir kam“ fragen.</translation>
    </message>
    <message>
        <source>Here %1 has no earlier copy, so there is nothing to find.</source>
        <translation>Hier hat %1 keine frühere Kopie, es gibt also nichts zu finden.</translation>
    </message>
    <message>
        <source>At %1 an induction head should look at %2: what followed %3 before. But the key at %4 only says %5; nothing in it mentions the %6 in front of it.</source>
        <translation>Bei %1 sollte ein Induktionskopf auf %2 schauen: auf das, was früher auf %3 folgte. Aber der Key bei %4 sagt nur %5; nichts darin erwähnt das %6 davor.</translation>
    </message>
    <message>
        <source>so %1 now also carries %2.</source>
        <translation>also trägt %1 jetzt auch %2.</translation>
    </message>
    <message>
        <source>though the first token has nothing before it to carry.</source>
        <translation>nur das erste Token hat nichts vor sich, das es tragen könnte.</translation>
    </message>
    <message>
        <source>Elhage et al. (2021) describe how two layers manage it. An earlier layer holds a previous-token head: each position looks one step back (the outlined cells, just left of the diagonal) and adds a copy of that token to its own vector. Afterwards every position knows its neighbour, %1</source>
        <translation>Elhage et al. (2021) beschreiben, wie zwei Schichten es schaffen. Eine frühere Schicht hat einen Kopf für das vorige Token: Jede Position schaut einen Schritt zurück (die umrandeten Zellen, direkt links der Diagonale) und fügt ihrem eigenen Vektor eine Kopie dieses Tokens hinzu. Danach kennt jede Position ihren Nachbarn, %1</translation>
    </message>
    <message>
        <source>In a later layer, the query at %1 asks which positions carry %2.</source>
        <translation>In einer späteren Schicht fragt die Query bei %1, welche Positionen %2 tragen.</translation>
    </message>
    <message>
        <source>None does: %1 has not appeared before. With nothing to match, the head rests on the first token (the rule&apos;s fallback) and predicts nothing. An induction head needs a repeat.</source>
        <translation>Keine: %1 kam vorher nicht vor. Ohne Treffer ruht der Kopf auf dem ersten Token (dem Rückfall der Regel) und sagt nichts vorher. Ein Induktionskopf braucht eine Wiederholung.</translation>
    </message>
    <message>
        <source>One does: %2, outlined. Their values carry those tokens forward, so the head&apos;s guess for the next token is %3.</source>
        <translation>Eine: %2, umrandet. Ihr Value trägt dieses Token weiter, also tippt der Kopf beim nächsten Token auf %3.</translation>
    </message>
    <message>
        <source>%1 positions do: %2, outlined. Their values carry those tokens forward, so the head&apos;s guess for the next token is %3.</source>
        <translation>%1 Positionen: %2, umrandet. Ihre Values tragen diese Tokens weiter, also tippt der Kopf beim nächsten Token auf %3.</translation>
    </message>
    <message>
        <source>The constructed induction head applies the rule in one go, without the two layers. Its weights are the same: for %1 both give %2, and over all %3 rows the largest difference is %4. Olsson et al. (2022) link heads like this to in-context learning: a model picking up a pattern from its own prompt.</source>
        <translation>Der gebaute Induktionskopf wendet die Regel in einem Zug an, ohne die zwei Schichten. Seine Gewichte sind dieselben: Für %1 ergeben beide %2, und über alle %3 Zeilen ist der größte Unterschied %4. Olsson et al. (2022) verbinden solche Köpfe mit In-Context-Learning: Ein Modell greift ein Muster aus seinem eigenen Prompt auf.</translation>
    </message>
    <message>
        <source>new</source>
        <translation>neu</translation>
    </message>
    <message>
        <source>changed</source>
        <translation>geändert</translation>
    </message>
    <message>
        <source>kept</source>
        <translation>behalten</translation>
    </message>
    <message>
        <source>The sentence arrives one token at a time, as when a model writes. With the mask on, no token may look ahead, so a newcomer never changes the rows before it. Their outputs, and the keys and values the next layer builds from them, can be computed once and kept: that store is the KV cache. With the mask off, every newcomer changes the earlier rows, and nothing could be kept.</source>
        <translation>Der Satz kommt Token für Token an, wie wenn ein Modell schreibt. Mit Maske darf kein Token vorausschauen, also ändert ein neues Token nie die Zeilen davor. Ihre Ausgaben und die Keys und Values, die die nächste Schicht daraus baut, lassen sich einmal berechnen und behalten: Dieser Speicher ist der KV-Cache. Ohne Maske ändert jedes neue Token die früheren Zeilen, und nichts ließe sich behalten.</translation>
    </message>
    <message>
        <source>Token %1 of %2: %3.</source>
        <translation>Token %1 von %2: %3.</translation>
    </message>
    <message>
        <source>Nothing came before it, so there is nothing to reuse yet.</source>
        <translation>Davor kam nichts, es gibt also noch nichts wiederzuverwenden.</translation>
    </message>
    <message>
        <source>Mask on: %1 of %2 earlier row reused unchanged. Mask off: %3 of %2 changed.</source>
        <translation>Maske an: %1 von %2 früheren Zeile unverändert wiederverwendet. Maske aus: %3 von %2 geändert.</translation>
    </message>
    <message>
        <source>Mask on: %1 of %2 earlier rows reused unchanged. Mask off: %3 of %2 changed.</source>
        <translation>Maske an: %1 von %2 früheren Zeilen unverändert wiederverwendet. Maske aus: %3 von %2 geändert.</translation>
    </message>
    <message>
        <source>Induction walk-through picture</source>
        <extracomment>The longest token a chip shows in full.</extracomment>
        <translation>Bild des Induktions-Rundgangs</translation>
    </message>
    <message>
        <source>%1 · key: %2</source>
        <translation>%1 · Key: %2</translation>
    </message>
    <message>
        <source>Layer 1 · previous-token head (weights)</source>
        <translation>Schicht 1 · Kopf „voriges Token“ (Gewichte)</translation>
    </message>
    <message>
        <source>Layer 2 · the matching head&apos;s weights</source>
        <translation>Schicht 2 · Gewichte des suchenden Kopfs</translation>
    </message>
    <message>
        <source>Two layers: previous-token head, then matching</source>
        <translation>Zwei Schichten: Kopf „voriges Token“, dann Suche</translation>
    </message>
    <message>
        <source>The induction head: the rule in one go</source>
        <translation>Der Induktionskopf: die Regel in einem Zug</translation>
    </message>
    <message>
        <source>Mask on</source>
        <translation>Maske an</translation>
    </message>
    <message>
        <source>Mask off</source>
        <translation>Maske aus</translation>
    </message>
    <message>
        <source>kept: read from the cache; the bar over the columns marks the cached keys and values the new row reads</source>
        <translation>behalten: aus dem Cache gelesen; der Balken über den Spalten markiert die gespeicherten Keys und Values, die die neue Zeile liest</translation>
    </message>
    <message>
        <source>new or changed: has to be computed (again)</source>
        <translation>neu oder geändert: muss (neu) berechnet werden</translation>
    </message>
    <message>
        <source>Two layers make an induction head</source>
        <extracomment>How long each new token stays before the next arrives in the last step.</extracomment>
        <translation>Zwei Schichten bilden einen Induktionskopf</translation>
    </message>
    <message>
        <source>◀ Back</source>
        <translation>◀ Zurück</translation>
    </message>
    <message>
        <source>Next ▶</source>
        <translation>Weiter ▶</translation>
    </message>
    <message>
        <source>↻ Replay</source>
        <translation>↻ Noch einmal</translation>
    </message>
    <message>
        <source>Previous step</source>
        <translation>Voriger Schritt</translation>
    </message>
    <message>
        <source>Next step</source>
        <translation>Nächster Schritt</translation>
    </message>
    <message>
        <source>Add the tokens again, one at a time</source>
        <translation>Die Tokens noch einmal einzeln hinzufügen</translation>
    </message>
    <message>
        <source>Step %1 of %2</source>
        <translation>Schritt %1 von %2</translation>
    </message>
    <message>
        <source>This walk-through keeps the causal mask on, as a model that writes text does; the main view has it off.</source>
        <translation>Dieser Rundgang lässt die kausale Maske an, wie ein Modell, das Text schreibt; in der Hauptansicht ist sie aus.</translation>
    </message>
</context>
<context>
    <name>LearnedModel</name>
    <message>
        <source>previous token</source>
        <translation>voriges Token</translation>
    </message>
    <message>
        <source>induction</source>
        <translation>Induktion</translation>
    </message>
    <message>
        <source>Layer %1 · head %2</source>
        <translation>Schicht&#xa0;%1 · Kopf&#xa0;%2</translation>
    </message>
    <message>
        <source>Showing the model that comes with the program, trained for %1 steps:</source>
        <translation>Zu sehen ist das Modell, das mit dem Programm kommt, trainiert mit %1 Schritten:</translation>
    </message>
    <message>
        <source>Showing the model that comes with the program:</source>
        <translation>Zu sehen ist das Modell, das mit dem Programm kommt:</translation>
    </message>
</context>
<context>
    <name>LearnedView</name>
    <message>
        <source>Learned heads</source>
        <translation>Gelernte Köpfe</translation>
    </message>
    <message>
        <source>Side by side</source>
        <translation>Nebeneinander</translation>
    </message>
    <message>
        <source>Train</source>
        <translation>Trainieren</translation>
    </message>
    <message>
        <source>The model knows no English: each different word gets its own symbol, numbered in order of first appearance, so a repeated word is a repeated symbol.</source>
        <extracomment>Symbols listed in the note; a 64-token sentence would fill the page with numbers.</extracomment>
        <translation>Das Modell kennt keine Sprache: Jedes verschiedene Wort bekommt ein eigenes Symbol, nummeriert in der Reihenfolge seines ersten Auftretens; ein wiederholtes Wort ist also ein wiederholtes Symbol.</translation>
    </message>
    <message>
        <source>The main view has the causal mask off, but this model was trained with it and is always shown with it.</source>
        <translation>In der Hauptansicht ist die kausale Maske aus, aber dieses Modell wurde mit ihr trainiert und wird immer mit ihr gezeigt.</translation>
    </message>
    <message>
        <source>Under each map, its score on repeated random tokens: the average weight it puts on the previous token (layer 1) or on the token after an earlier copy (layer 2).</source>
        <translation>Unter jeder Karte ihr Wert auf wiederholten zufälligen Tokens: das mittlere Gewicht auf dem vorigen Token (Schicht 1) oder auf dem Token nach einer früheren Kopie (Schicht 2).</translation>
    </message>
    <message>
        <source>Tap a map to show it large; tap a row of the large map to choose the query.</source>
        <translation>Tippe auf eine Karte, um sie groß zu zeigen; tippe auf eine Zeile der großen Karte, um die Query zu wählen.</translation>
    </message>
    <message>
        <source>Heads of a trained model</source>
        <translation>Köpfe eines trainierten Modells</translation>
    </message>
    <message>
        <source>The selected learned head, large</source>
        <extracomment>(layer, head) of a small map the learner clicked or tapped. A row of the large map was tapped: that token becomes the query.</extracomment>
        <translation>Der gewählte gelernte Kopf, groß</translation>
    </message>
    <message>
        <source>Where the query looks, in the learned head</source>
        <translation>Wohin die Query im gelernten Kopf schaut</translation>
    </message>
    <message>
        <source>Showing the model you trained (%1 steps from random weights, seed %2):</source>
        <translation>Zu sehen ist das Modell, das du trainiert hast (%1 Schritte ab zufälligen Gewichten, Seed %2):</translation>
    </message>
    <message>
        <source>The trained model could not be loaded. %1 You can still train one yourself under Train.</source>
        <translation>Das trainierte Modell konnte nicht geladen werden. %1 Unter „Trainieren“ kannst du trotzdem selbst eines trainieren.</translation>
    </message>
    <message>
        <source>%1 layers of %2 heads, trained on random tokens whose second half repeats part of the first. Nobody told the heads where to look.</source>
        <translation>%1 Schichten mit je %2 Köpfen, trainiert auf zufälligen Tokens, deren zweite Hälfte einen Teil der ersten wiederholt. Niemand hat den Köpfen gesagt, wohin sie schauen sollen.</translation>
    </message>
    <message>
        <source>This model reads at most %1 tokens and the sentence has %2; shorten it to see the learned heads.</source>
        <translation>Dieses Modell liest höchstens %1 Tokens, und der Satz hat %2; kürze ihn, um die gelernten Köpfe zu sehen.</translation>
    </message>
    <message>
        <source>Here: %1</source>
        <translation>Hier: %1</translation>
    </message>
    <message>
        <source>%1 on your sentence</source>
        <translation>%1 auf deinem Satz</translation>
    </message>
</context>
<context>
    <name>LessonFormulas</name>
    <message>
        <source>weights</source>
        <translation>Gewichte</translation>
    </message>
    <message>
        <source>if</source>
        <translation>wenn</translation>
    </message>
    <message>
        <source>weights equal softmax of Q K transposed over the square root of d k, plus M; M i j is 0 where j is at most i, and minus infinity where j is greater than i</source>
        <translation>Gewichte gleich Softmax von Q mal K transponiert, geteilt durch die Wurzel aus d k, plus M; M i j ist 0, wenn j höchstens i ist, und minus unendlich, wenn j größer als i ist</translation>
    </message>
    <message>
        <source>Step 1 shows &lt;i&gt;S&lt;/i&gt; = &lt;i&gt;QK&lt;/i&gt;&lt;sup&gt;⊤&lt;/sup&gt;/√&lt;i&gt;d&lt;/i&gt;&lt;sub&gt;k&lt;/sub&gt;: a trained head gets its scores that way, while these heads&apos; rules write &lt;i&gt;S&lt;/i&gt; directly. Step 2 adds &lt;i&gt;M&lt;/i&gt;, step 3 applies the softmax to each row.</source>
        <translation>Schritt 1 zeigt &lt;i&gt;S&lt;/i&gt; = &lt;i&gt;QK&lt;/i&gt;&lt;sup&gt;⊤&lt;/sup&gt;/√&lt;i&gt;d&lt;/i&gt;&lt;sub&gt;k&lt;/sub&gt;: So bekommt ein trainierter Kopf seine Punktzahlen, während die Regeln dieser Köpfe &lt;i&gt;S&lt;/i&gt; direkt schreiben. Schritt 2 addiert &lt;i&gt;M&lt;/i&gt;, Schritt 3 wendet den Softmax auf jede Zeile an.</translation>
    </message>
    <message>
        <source>Step 1 shows &lt;i&gt;S&lt;/i&gt; = &lt;i&gt;QK&lt;/i&gt;&lt;sup&gt;⊤&lt;/sup&gt;/√&lt;i&gt;d&lt;/i&gt;&lt;sub&gt;k&lt;/sub&gt;: a trained head gets its scores that way, while these heads&apos; rules write &lt;i&gt;S&lt;/i&gt; directly. With the mask off &lt;i&gt;M&lt;/i&gt; is 0 everywhere, so the softmax of &lt;i&gt;S&lt;/i&gt; gives the weights.</source>
        <translation>Schritt 1 zeigt &lt;i&gt;S&lt;/i&gt; = &lt;i&gt;QK&lt;/i&gt;&lt;sup&gt;⊤&lt;/sup&gt;/√&lt;i&gt;d&lt;/i&gt;&lt;sub&gt;k&lt;/sub&gt;: So bekommt ein trainierter Kopf seine Punktzahlen, während die Regeln dieser Köpfe &lt;i&gt;S&lt;/i&gt; direkt schreiben. Ohne Maske ist &lt;i&gt;M&lt;/i&gt; überall 0, also liefert der Softmax von &lt;i&gt;S&lt;/i&gt; die Gewichte.</translation>
    </message>
    <message>
        <source>On row %1:</source>
        <translation>In Zeile %1:</translation>
    </message>
    <message>
        <source>key %1 has &lt;i&gt;S&lt;/i&gt; = %2, &lt;i&gt;M&lt;/i&gt; = %3, weight %4</source>
        <translation>Key %1 hat &lt;i&gt;S&lt;/i&gt; = %2, &lt;i&gt;M&lt;/i&gt; = %3, Gewicht %4</translation>
    </message>
    <message>
        <source>%1 × %2 each, </source>
        <translation>je %1 × %2, </translation>
    </message>
    <message>
        <source>head i equals Attention of X W i Q, X W i K, X W i V. MultiHead of X equals Concat of head 1 to head h, times W O. Each W i Q, W i K and W i V is d model by d k, %1 by %2, for i from 1 to %3; W O is d model by d model, %1 by %1.</source>
        <translation>head i gleich Attention von X W i Q, X W i K, X W i V. MultiHead von X gleich Concat von head 1 bis head h, mal W O. Jede W i Q, W i K und W i V ist d model mal d k, %1 mal %2, für i von 1 bis %3; W O ist d model mal d model, %1 mal %1.</translation>
    </message>
    <message>
        <source>%1 of the </source>
        <translation>%1 der </translation>
    </message>
    <message>
        <source>Shared keys and values: only </source>
        <translation>Geteilte Keys und Values: nur </translation>
    </message>
    <message>
        <source> pairs</source>
        <translation>-Paare</translation>
    </message>
    <message>
        <source>Keys and values are shared: only %1 W K, W V pairs.</source>
        <translation>Keys und Values sind geteilt: nur %1 Paare aus W K und W V.</translation>
    </message>
</context>
<context>
    <name>MainWindow</name>
    <message>
        <source>Heads</source>
        <extracomment>The side pages, in the order of their tabs.</extracomment>
        <translation>Köpfe</translation>
    </message>
    <message>
        <source>Card</source>
        <translation>Karte</translation>
    </message>
    <message>
        <source>Goals</source>
        <translation>Ziele</translation>
    </message>
    <message>
        <source>Steps</source>
        <translation>Schritte</translation>
    </message>
    <message>
        <source>2 layers</source>
        <translation>2 Schichten</translation>
    </message>
    <message>
        <source>Learned</source>
        <translation>Gelernt</translation>
    </message>
    <message>
        <source>English</source>
        <translation>Englisch</translation>
    </message>
    <message>
        <source>GPT-2</source>
        <translation>GPT-2</translation>
    </message>
    <message>
        <source>Width</source>
        <translation>Breite</translation>
    </message>
    <message>
        <source>Light</source>
        <translation>Hell</translation>
    </message>
    <message>
        <source>Dark</source>
        <translation>Dunkel</translation>
    </message>
    <message>
        <source>Projector (high contrast)</source>
        <translation>Beamer (hoher Kontrast)</translation>
    </message>
    <message>
        <source>Attention Heads</source>
        <extracomment>A part built after the window itself (a side page, the glossary, the plots); kiosk mode adjusts each one for touch. The learner picked a language in the View menu (the window is rebuilt in it).</extracomment>
        <translation>Attention Heads</translation>
    </message>
    <message>
        <source>Every head on the same sentence. Click a map to select its head.</source>
        <translation>Jeder Kopf auf demselben Satz. Klicke auf eine Karte, um ihren Kopf zu wählen.</translation>
    </message>
    <message>
        <source>Drawing the heatmap…</source>
        <extracomment>The glossary dialog once it was built (``glossary`` builds it). False in kiosk mode: nothing a visitor does outlives the session. True once the kiosk has taken the window over (see app.kiosk.touch). The kiosk&apos;s tap-only sentence chooser, once the kiosk adds it. The kiosk&apos;s buttons for the side pages, in place of the tab bar. Lays the stage and the side panel out, and again when the room changes. What a screen reader says when a key changes the lesson (see app.window.spoken). The desktop&apos;s theme until the learner picks one. Whether the saved settings placed the window (else launch sizes it to the screen).</extracomment>
        <translation>Die Heatmap wird gezeichnet…</translation>
    </message>
    <message>
        <source>Side panel</source>
        <extracomment>The side panel&apos;s tabs by name; the View menu and its shortcuts open them.</extracomment>
        <translation>Seitenleiste</translation>
    </message>
    <message>
        <source>Side panel pages</source>
        <translation>Seiten der Seitenleiste</translation>
    </message>
    <message>
        <source>&amp;File</source>
        <extracomment>The menu bar&apos;s menus, left to right, by id (titles: ``menu_title``). A &quot;/&quot; names a submenu; it appears where its first command stands in the table.</extracomment>
        <translation>&amp;Datei</translation>
    </message>
    <message>
        <source>&amp;Print…</source>
        <translation>&amp;Drucken…</translation>
    </message>
    <message>
        <source>&amp;Worksheet…</source>
        <translation>&amp;Arbeitsblatt…</translation>
    </message>
    <message>
        <source>Open model…</source>
        <translation>Modell öffnen…</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>&amp;Beenden</translation>
    </message>
    <message>
        <source>&amp;Heads</source>
        <translation>&amp;Köpfe</translation>
    </message>
    <message>
        <source>Previous query token</source>
        <extracomment>The commands between the heads and the pages, in menu order.</extracomment>
        <translation>Query ein Token zurück</translation>
    </message>
    <message>
        <source>Next query token</source>
        <translation>Query ein Token weiter</translation>
    </message>
    <message>
        <source>Toggle the causal mask</source>
        <translation>Kausale Maske an oder aus</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>&amp;Ansicht</translation>
    </message>
    <message>
        <source>Fullscreen</source>
        <translation>Vollbild</translation>
    </message>
    <message>
        <source>Presenter mode</source>
        <translation>Vortragsmodus</translation>
    </message>
    <message>
        <source>Next stop of the tour</source>
        <translation>Nächster Halt der Tour</translation>
    </message>
    <message>
        <source>Previous stop of the tour</source>
        <translation>Voriger Halt der Tour</translation>
    </message>
    <message>
        <source>Zoom in</source>
        <extracomment>The commands after the pages, in menu order.</extracomment>
        <translation>Größer</translation>
    </message>
    <message>
        <source>Zoom out</source>
        <translation>Kleiner</translation>
    </message>
    <message>
        <source>Actual size</source>
        <translation>Normale Größe</translation>
    </message>
    <message>
        <source>Theme</source>
        <translation>Farbschema</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>&amp;Hilfe</translation>
    </message>
    <message>
        <source>Keyboard shortcuts</source>
        <translation>Tastenkürzel</translation>
    </message>
    <message>
        <source>Go to the menu bar</source>
        <translation>Zur Menüleiste</translation>
    </message>
    <message>
        <source>Glossary</source>
        <translation>Glossar</translation>
    </message>
    <message>
        <source>About Attention Heads</source>
        <translation>Über Attention Heads</translation>
    </message>
    <message>
        <source>Language</source>
        <translation>Sprache</translation>
    </message>
    <message>
        <source>Goals %1/%2</source>
        <extracomment>The pages by name, in tab order.</extracomment>
        <translation>Ziele %1/%2</translation>
    </message>
    <message>
        <source>Attention Heads — Version %1

Attention Heads shows where the heads of a transformer look and what the causal mask hides. It works entirely offline. Free software under the MIT licence.</source>
        <translation>Attention Heads – Version %1

Attention Heads zeigt, wohin die Köpfe eines Transformers schauen und was die kausale Maske verdeckt. Es arbeitet vollständig offline. Freie Software unter der MIT-Lizenz.</translation>
    </message>
</context>
<context>
    <name>MaskLegend</name>
    <message>
        <source>hidden by the causal mask (a later token): weight exactly 0</source>
        <translation>von der Maske verdeckt (späteres Token): Gewicht genau 0</translation>
    </message>
    <message>
        <source>hidden by the causal mask: weight 0</source>
        <translation>von der Maske verdeckt: Gewicht 0</translation>
    </message>
    <message>
        <source>masked: weight 0</source>
        <translation>maskiert: Gewicht 0</translation>
    </message>
    <message>
        <source>Legend</source>
        <translation>Legende</translation>
    </message>
</context>
<context>
    <name>MaskToggle</name>
    <message>
        <source>Causal mask: on</source>
        <translation>Kausale Maske: an</translation>
    </message>
    <message>
        <source>Causal mask: off</source>
        <translation>Kausale Maske: aus</translation>
    </message>
    <message>
        <source>Causal mask, key M</source>
        <translation>Kausale Maske, Taste M</translation>
    </message>
    <message>
        <source>Hide or show the future: each token may only see itself and earlier tokens while the mask is on (key M)</source>
        <translation>Die Zukunft verdecken oder zeigen: Solange die Maske an ist, sieht jedes Token nur sich selbst und frühere Tokens (Taste M)</translation>
    </message>
    <message>
        <source>on: each token sees only itself and earlier tokens</source>
        <translation>an: Jedes Token sieht nur sich selbst und frühere Tokens</translation>
    </message>
    <message>
        <source>off: every token sees the whole sentence</source>
        <translation>aus: Jedes Token sieht den ganzen Satz</translation>
    </message>
</context>
<context>
    <name>MiniMaps</name>
    <message>
        <source>%1, small map</source>
        <extracomment>Largest map side, in multiples of the body text size: larger maps would only push the selected head&apos;s big map further down.</extracomment>
        <translation>%1, kleine Karte</translation>
    </message>
    <message>
        <source>%1, selected</source>
        <translation>%1, gewählt</translation>
    </message>
    <message>
        <source>Heads of the learned model, small maps</source>
        <translation>Köpfe des gelernten Modells, kleine Karten</translation>
    </message>
</context>
<context>
    <name>Numbers</name>
    <message>
        <source>%1%</source>
        <translation>%1 %</translation>
    </message>
</context>
<context>
    <name>PageChooser</name>
    <message>
        <source>Side pages</source>
        <translation>Seiten</translation>
    </message>
</context>
<context>
    <name>PageText</name>
    <message>
        <source>hidden by the mask</source>
        <translation>von der Maske verdeckt</translation>
    </message>
    <message>
        <source>%1, query %2:</source>
        <translation>%1, Query %2:</translation>
    </message>
    <message>
        <source>Scores</source>
        <translation>Punktzahlen</translation>
    </message>
    <message>
        <source>Masked scores</source>
        <translation>Maskierte Punktzahlen</translation>
    </message>
    <message>
        <source>Weights</source>
        <translation>Gewichte</translation>
    </message>
    <message>
        <source>%1, the query</source>
        <translation>%1, die Query</translation>
    </message>
    <message>
        <source>%1, carries nothing from the token before it</source>
        <translation>%1, trägt nichts vom Token davor</translation>
    </message>
    <message>
        <source>%1, carries %2 from the token before it</source>
        <translation>%1, trägt %2 vom Token davor</translation>
    </message>
    <message>
        <source>%1 (in colour only at this size)</source>
        <translation>%1 (bei dieser Größe nur in Farbe)</translation>
    </message>
</context>
<context>
    <name>Paper</name>
    <message>
        <source>framed: the query&apos;s row, and its token above</source>
        <translation>umrahmt: die Zeile der Query und oben ihr Token</translation>
    </message>
    <message>
        <source>Every head on this sentence</source>
        <translation>Jeder Kopf auf diesem Satz</translation>
    </message>
    <message>
        <source>Sentence: %1</source>
        <translation>Satz: %1</translation>
    </message>
    <message>
        <source>The weights in numbers follow on the next pages, %1 tokens at a time.</source>
        <translation>Die Gewichte in Zahlen stehen auf den folgenden Seiten, je %1 Tokens auf einmal.</translation>
    </message>
    <message>
        <source>Weights: queries %1 to %2, keys %3 to %4</source>
        <translation>Gewichte: Queries %1 bis %2, Keys %3 bis %4</translation>
    </message>
    <message>
        <source>%1 · page %2 of %3</source>
        <extracomment>A PDF file&apos;s resolution: its drawing is vector; this only sets the grid of numbers. Room between two blocks, in points. What the block draws and where, from its top left, for tests that look at the page: e.g. (&quot;heatmap&quot;, its MatrixPlace) or (&quot;maps&quot;, the maps&apos; rectangles).</extracomment>
        <translation>%1 · Seite %2 von %3</translation>
    </message>
</context>
<context>
    <name>PinPad</name>
    <message>
        <source>Staff PIN pad</source>
        <extracomment>Presses a corner hold keeps from the widget under it until it is known to be a tap. How often the &quot;wait&quot; message counts down. The press held back while the hold lasts: (its widget, a copy of it).</extracomment>
        <translation>PIN-Feld für das Personal</translation>
    </message>
    <message>
        <source>Staff exit</source>
        <translation>Ausgang für das Personal</translation>
    </message>
    <message>
        <source>Clear</source>
        <translation>Löschen</translation>
    </message>
    <message>
        <source>OK</source>
        <translation>OK</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>Abbrechen</translation>
    </message>
    <message>
        <source>Clear the PIN</source>
        <translation>PIN löschen</translation>
    </message>
    <message>
        <source>Confirm the PIN</source>
        <translation>PIN bestätigen</translation>
    </message>
    <message>
        <source>Not the right PIN. Try again.</source>
        <translation>Nicht die richtige PIN. Versuche es noch einmal.</translation>
    </message>
    <message>
        <source>Try again.</source>
        <translation>Versuche es noch einmal.</translation>
    </message>
    <message>
        <source>Not the right PIN. Next try in %1 s.</source>
        <translation>Nicht die richtige PIN. Nächster Versuch in %1 s.</translation>
    </message>
    <message>
        <source>Enter the staff PIN</source>
        <translation>PIN des Personals eingeben</translation>
    </message>
</context>
<context>
    <name>PredictionBars</name>
    <message>
        <source>The model&apos;s next-word guesses</source>
        <translation>Die Vermutungen des Modells für das nächste Wort</translation>
    </message>
</context>
<context>
    <name>PresetPanel</name>
    <message>
        <source>Model preset %1</source>
        <translation>Modellvorgabe %1</translation>
    </message>
    <message>
        <source>Number of heads</source>
        <extracomment>From this many ems wide the page stands in two columns (see ``PresetPanel._arrange``).</extracomment>
        <translation>Anzahl der Köpfe</translation>
    </message>
    <message>
        <source>Number of key/value heads</source>
        <translation>Anzahl der Key/Value-Köpfe</translation>
    </message>
    <message>
        <source>Heads, h</source>
        <translation>Köpfe, h</translation>
    </message>
    <message>
        <source>Key/value heads</source>
        <translation>Key/Value-Köpfe</translation>
    </message>
    <message>
        <source>Model width, d_model</source>
        <translation>Modellbreite, d_model</translation>
    </message>
    <message>
        <source>Head width, d_k = d_model / h</source>
        <translation>Kopfbreite, d_k = d_model / h</translation>
    </message>
    <message>
        <source>Projection weights</source>
        <translation>Projektionsgewichte</translation>
    </message>
    <message>
        <source>%1 heads of width %2</source>
        <translation>%1 Köpfe der Breite %2</translation>
    </message>
    <message>
        <source>%1 key/value heads</source>
        <translation>%1 Key/Value-Köpfe</translation>
    </message>
    <message>
        <source>4 × d_model² = %1, whatever the number of heads: more heads only means narrower ones.</source>
        <translation>4 × d_model² = %1, egal wie viele Köpfe: Mehr Köpfe heißt nur schmalere Köpfe.</translation>
    </message>
    <message>
        <source>Sharing keys and values among %1 query heads shrinks W_K and W_V: %2 instead of %3 weights (%4 fewer).</source>
        <translation>Teilen sich %1 Query-Köpfe Keys und Values, schrumpfen W_K und W_V: %2 statt %3 Gewichte (%4 weniger).</translation>
    </message>
    <message>
        <source>1 head</source>
        <translation>1 Kopf</translation>
    </message>
    <message>
        <source>%1 heads</source>
        <translation>%1 Köpfe</translation>
    </message>
    <message>
        <source>1 key/value head</source>
        <translation>1 Key/Value-Kopf</translation>
    </message>
</context>
<context>
    <name>Print</name>
    <message>
        <source>Print what the window shows</source>
        <translation>Drucken, was das Fenster zeigt</translation>
    </message>
    <message>
        <source>Printing failed</source>
        <translation>Drucken fehlgeschlagen</translation>
    </message>
    <message>
        <source>The printer could not be started. Nothing was printed.</source>
        <translation>Der Drucker ließ sich nicht starten. Es wurde nichts gedruckt.</translation>
    </message>
</context>
<context>
    <name>Readout</name>
    <message>
        <source>%1 and %2</source>
        <translation>%1 und %2</translation>
    </message>
    <message>
        <source>%1 tokens, %2 each</source>
        <extracomment>Tokens longer than this are shortened for display (a pasted 4,000-letter word must not push the window apart); the full token is still what the rules compare.</extracomment>
        <translation>%1 Tokens, je %2</translation>
    </message>
    <message>
        <source>%1, %2 each</source>
        <translation>%1, je %2</translation>
    </message>
    <message>
        <source>%1 is split between %2</source>
        <translation>%1 verteilt sich auf %2</translation>
    </message>
    <message>
        <source>%1 looks most at %2</source>
        <translation>%1 schaut am meisten auf %2</translation>
    </message>
    <message>
        <source>Where the query looks most</source>
        <extracomment>The lines the readout keeps in the normal window, whatever the sentence says.</extracomment>
        <translation>Wohin die Query am meisten schaut</translation>
    </message>
</context>
<context>
    <name>SentenceEditor</name>
    <message>
        <source>Still showing the last sentence that worked.</source>
        <extracomment>Longer text is refused while typing; a sentence has at most 64 tokens anyway. Counted in characters (code points), like Python&apos;s len(), never in UTF-16 units. The field&apos;s own limit, in UTF-16 units (Qt&apos;s count): room for MAX_CHARS characters even when every one is an emoji (two units). A paste is cut to it at once, then to MAX_CHARS characters. Typing pauses this long before the panels recompute, so fast typing never stutters.</extracomment>
        <translation>Angezeigt bleibt der letzte Satz, der funktioniert hat.</translation>
    </message>
    <message>
        <source>Sentence</source>
        <translation>Satz</translation>
    </message>
    <message>
        <source>Type a sentence of up to %1 words and marks</source>
        <translation>Tippe einen Satz mit bis zu %1 Wörtern und Zeichen</translation>
    </message>
    <message>
        <source>Lesson sentence</source>
        <translation>Satz der Lektion</translation>
    </message>
    <message>
        <source>Back to the lesson&apos;s sentence</source>
        <translation>Zurück zum Satz der Lektion</translation>
    </message>
    <message>
        <source>Example sentences</source>
        <translation>Beispielsätze</translation>
    </message>
    <message>
        <source>Examples…</source>
        <translation>Beispiele…</translation>
    </message>
    <message>
        <source>Sentence:</source>
        <extracomment>Sentences picked to show each head at its best, in the language in use.</extracomment>
        <translation>Satz:</translation>
    </message>
    <message>
        <source>That is too long: keep the sentence under %1 characters.</source>
        <translation>Das ist zu lang: Der Satz muss unter %1 Zeichen bleiben.</translation>
    </message>
</context>
<context>
    <name>SentencePicker</name>
    <message>
        <source>Choose a sentence</source>
        <extracomment>Space around a sentence button&apos;s words: left, top, right, bottom. The picker&apos;s text size is its height over this (a 1080 px screen: 36 px), never under the room&apos;s size; headings and tiles are this much larger.</extracomment>
        <translation>Wähle einen Satz</translation>
    </message>
    <message>
        <source>Tap a sentence to see how the heads read it.</source>
        <extracomment>The list of sentences, and the word tiles (see ``build_own``).</extracomment>
        <translation>Tippe auf einen Satz und sieh, wie die Köpfe ihn lesen.</translation>
    </message>
    <message>
        <source>Build your own sentence…</source>
        <extracomment>The sentence buttons, by label.</extracomment>
        <translation>Eigenen Satz bauen…</translation>
    </message>
    <message>
        <source>Ready-made sentences…</source>
        <translation>Fertige Sätze…</translation>
    </message>
    <message>
        <source>Back</source>
        <translation>Zurück</translation>
    </message>
    <message>
        <source>Other sentences…</source>
        <translation>Andere Sätze…</translation>
    </message>
    <message>
        <source>Choose another sentence</source>
        <translation>Einen anderen Satz wählen</translation>
    </message>
</context>
<context>
    <name>Shortcuts</name>
    <message>
        <source>Show the %1 head</source>
        <translation>Kopf %1 zeigen</translation>
    </message>
    <message>
        <source>Move the query one token left</source>
        <translation>Die Query ein Token nach links</translation>
    </message>
    <message>
        <source>Move the query one token right</source>
        <translation>Die Query ein Token nach rechts</translation>
    </message>
    <message>
        <source>Turn the causal mask on or off</source>
        <translation>Kausale Maske an- oder ausschalten</translation>
    </message>
    <message>
        <source>Fullscreen on or off</source>
        <translation>Vollbild an oder aus</translation>
    </message>
    <message>
        <source>Presenter mode: fullscreen, projector colours, large text</source>
        <translation>Vortragsmodus: Vollbild, Beamerfarben, große Schrift</translation>
    </message>
    <message>
        <source>Next stop of the tour (presentation clicker)</source>
        <translation>Nächster Halt der Tour (Präsentations-Fernbedienung)</translation>
    </message>
    <message>
        <source>Previous stop of the tour</source>
        <translation>Voriger Halt der Tour</translation>
    </message>
    <message>
        <source>Compare all heads in small maps</source>
        <translation>Alle Köpfe in kleinen Karten vergleichen</translation>
    </message>
    <message>
        <source>The selected head&apos;s card: rule, sources, try this</source>
        <translation>Die Karte des gewählten Kopfs: Regel, Quellen, Probier das</translation>
    </message>
    <message>
        <source>Goals: the lesson&apos;s three challenges</source>
        <translation>Ziele: die drei Aufgaben der Lektion</translation>
    </message>
    <message>
        <source>Scores, then mask, then softmax</source>
        <translation>Punktzahlen, dann Maske, dann Softmax</translation>
    </message>
    <message>
        <source>How two layers make an induction head</source>
        <translation>Wie zwei Schichten einen Induktionskopf bilden</translation>
    </message>
    <message>
        <source>Heads of a trained model, and training one yourself</source>
        <translation>Köpfe eines trainierten Modells, und selbst eines trainieren</translation>
    </message>
    <message>
        <source>Heads of a small model that has read English</source>
        <translation>Köpfe eines kleinen Modells, das Englisch gelesen hat</translation>
    </message>
    <message>
        <source>Heads of GPT-2, from a model folder</source>
        <translation>Köpfe von GPT-2, aus einem Modellordner</translation>
    </message>
    <message>
        <source>Model width: how d_model is cut into heads</source>
        <translation>Modellbreite: wie d_model in Köpfe geteilt wird</translation>
    </message>
    <message>
        <source>Larger text</source>
        <translation>Größere Schrift</translation>
    </message>
    <message>
        <source>Smaller text</source>
        <translation>Kleinere Schrift</translation>
    </message>
    <message>
        <source>Text back to normal size</source>
        <translation>Schrift wieder normal groß</translation>
    </message>
    <message>
        <source>Open the menu bar, for the arrow keys</source>
        <translation>Die Menüleiste öffnen, weiter mit den Pfeiltasten</translation>
    </message>
    <message>
        <source>Open the glossary (definitions)</source>
        <translation>Das Glossar öffnen (Begriffe)</translation>
    </message>
    <message>
        <source>This list</source>
        <translation>Diese Liste</translation>
    </message>
    <message>
        <source>Print what the window shows</source>
        <translation>Drucken, was das Fenster zeigt</translation>
    </message>
    <message>
        <source>Open a GPT-2 model folder</source>
        <translation>Einen GPT-2-Modellordner öffnen</translation>
    </message>
    <message>
        <source>Quit</source>
        <translation>Beenden</translation>
    </message>
</context>
<context>
    <name>ShortcutsDialog</name>
    <message>
        <source>Keyboard shortcuts</source>
        <extracomment>Width of the table in average characters: a key column and a short sentence.</extracomment>
        <translation>Tastenkürzel</translation>
    </message>
    <message>
        <source>Close</source>
        <translation>Schließen</translation>
    </message>
</context>
<context>
    <name>SidePanel</name>
    <message>
        <source>%1 page</source>
        <extracomment>A page was just built: its name and the widget put in its tab. The widget in each tab, by page name.</extracomment>
        <translation>Seite %1</translation>
    </message>
</context>
<context>
    <name>Spoken</name>
    <message>
        <source>New sentence, %1 tokens</source>
        <translation>Neuer Satz, %1 Tokens</translation>
    </message>
    <message>
        <source>%1 head</source>
        <translation>Kopf %1</translation>
    </message>
    <message>
        <source>Presenter mode on</source>
        <translation>Vortragsmodus an</translation>
    </message>
    <message>
        <source>Presenter mode off</source>
        <translation>Vortragsmodus aus</translation>
    </message>
    <message>
        <source>%1 page shown</source>
        <translation>Seite %1 geöffnet</translation>
    </message>
</context>
<context>
    <name>Stage</name>
    <message>
        <source>Heads and the causal mask</source>
        <extracomment>Space between the stage&apos;s parts, and around it. Space around the window&apos;s content outside a room: left, top, right, bottom. Space between the heatmap and the column of controls beside it.</extracomment>
        <translation>Köpfe und die kausale Maske</translation>
    </message>
</context>
<context>
    <name>StageWindow</name>
    <message>
        <source>▴ Heatmap</source>
        <extracomment>One button per page, by the page&apos;s name.
----------
The token chips&apos; smallest line of position and percent, outside presenter mode. The content never gets narrower than this (it scrolls vertically, never sideways). Qt&apos;s &quot;no maximum&quot; for widget sizes. The heatmap&apos;s cells never get less room than this, however tall the rows above.</extracomment>
        <translation>▴ Heatmap</translation>
    </message>
    <message>
        <source>Back to the heatmap</source>
        <translation>Zurück zur Heatmap</translation>
    </message>
    <message>
        <source>Edit the sentence…</source>
        <extracomment>The mask legend in the column, where the heatmap is compact (see ``compact``). False when a room&apos;s column has no height left for the legend (see room_window). At large text the sentence field folds into this button (its row would take the heatmap&apos;s height); a press unfolds it until the text size changes.</extracomment>
        <translation>Satz bearbeiten …</translation>
    </message>
    <message>
        <source>Show the sentence field</source>
        <translation>Das Satzfeld zeigen</translation>
    </message>
    <message>
        <source>More pages ▾</source>
        <translation>Weitere Seiten ▾</translation>
    </message>
    <message>
        <source>Show the side pages</source>
        <translation>Die Seitenleiste zeigen</translation>
    </message>
</context>
<context>
    <name>StepsView</name>
    <message>
        <source>1 · Scores</source>
        <translation>1 · Punktzahlen</translation>
    </message>
    <message>
        <source>2 · Mask → %1</source>
        <translation>2 · Maske → %1</translation>
    </message>
    <message>
        <source>3 · Softmax → weights</source>
        <translation>3 · Softmax → Gewichte</translation>
    </message>
    <message>
        <source>Scores, coloured on their own scale from lowest to highest: they are not weights.</source>
        <translation>Punktzahlen, auf eigener Skala von der niedrigsten bis zur höchsten gefärbt: Sie sind keine Gewichte.</translation>
    </message>
    <message>
        <source>Weights, from 0 to 1, in the heatmap&apos;s colours. Each row adds up to 1.</source>
        <translation>Gewichte von 0 bis 1 in den Farben der Heatmap. Jede Zeile ergibt zusammen 1.</translation>
    </message>
    <message>
        <source>Hidden by the causal mask: the score becomes %1, so the weight is 0.</source>
        <translation>Von der kausalen Maske verdeckt: Die Punktzahl wird %1, das Gewicht also 0.</translation>
    </message>
    <message>
        <source>The cells are too small for numbers, so only colours are shown. A shorter sentence or a wider panel brings the numbers back.</source>
        <translation>Die Zellen sind zu klein für Zahlen, darum sind nur Farben zu sehen. Ein kürzerer Satz oder eine breitere Spalte bringt die Zahlen zurück.</translation>
    </message>
    <message>
        <source>The causal mask is off, so step 2 is skipped: no score becomes %1, and the softmax spreads each row over every key.</source>
        <translation>Die kausale Maske ist aus, also fällt Schritt 2 weg: Keine Punktzahl wird %1, und der Softmax verteilt jede Zeile über alle Keys.</translation>
    </message>
    <message>
        <source>Scores, masked scores and weights</source>
        <extracomment>Row labels&apos; words, shortened step by step until the numbers fit in the cells. Whether the last paint wrote numbers in the cells, and the legend lines it wrote.</extracomment>
        <translation>Punktzahlen, maskierte Punktzahlen und Gewichte</translation>
    </message>
    <message>
        <source>Scores, then mask, then softmax</source>
        <translation>Punktzahlen, dann Maske, dann Softmax</translation>
    </message>
    <message>
        <source>The head&apos;s rule gives every pair of tokens a score. The causal mask then puts %1 on every key that comes after its query, and the softmax turns each row into weights. Rows are queries, columns are keys: tap a row to make it the query.</source>
        <translation>Die Regel des Kopfs gibt jedem Paar von Tokens eine Punktzahl. Die kausale Maske setzt dann %1 auf jeden Key, der nach seiner Query kommt, und der Softmax macht aus jeder Zeile Gewichte. Zeilen sind Queries, Spalten sind Keys: Tippe auf eine Zeile, um sie zur Query zu machen.</translation>
    </message>
    <message>
        <source>The formula on the query&apos;s row</source>
        <translation>Die Formel auf der Zeile der Query</translation>
    </message>
    <message>
        <source>%1 head: scores, then mask, then softmax</source>
        <translation>Kopf %1: Punktzahlen, dann Maske, dann Softmax</translation>
    </message>
</context>
<context>
    <name>SwapNotice</name>
    <message>
        <source>Back to your sentence</source>
        <extracomment>The learner&apos;s sentence is quoted up to this many characters. What the learner had before Show me swapped their sentence (None: nothing to undo).</extracomment>
        <translation>Zurück zu deinem Satz</translation>
    </message>
    <message>
        <source>Show me put the lesson&apos;s sentence in place of yours, “%1”.</source>
        <translation>„Zeig es mir“ hat den Satz der Lektion an die Stelle von deinem gesetzt, „%1“.</translation>
    </message>
    <message>
        <source>Show me put its own sentence in place of yours, “%1”.</source>
        <translation>„Zeig es mir“ hat seinen eigenen Satz an die Stelle von deinem gesetzt, „%1“.</translation>
    </message>
    <message>
        <source>Back to “%1”</source>
        <translation>Zurück zu „%1“</translation>
    </message>
    <message>
        <source>Written for the lesson&apos;s sentence: Show me switches to it, and you can come back.</source>
        <translation>Geschrieben für den Satz der Lektion: „Zeig es mir“ wechselt zu ihm, und du kannst zurückkommen.</translation>
    </message>
    <message>
        <source>Written for the sentence it names: Show me switches to it, and you can come back.</source>
        <translation>Geschrieben für den Satz, den es nennt: „Zeig es mir“ wechselt zu ihm, und du kannst zurückkommen.</translation>
    </message>
</context>
<context>
    <name>TokenList</name>
    <message>
        <source>%1, the query, %2</source>
        <translation>%1, die Query, %2</translation>
    </message>
    <message>
        <source>%1, hidden by the mask</source>
        <translation>%1, von der Maske verdeckt</translation>
    </message>
    <message>
        <source>How much the query %1 looks at this token</source>
        <translation>Wie stark die Query %1 auf dieses Token schaut</translation>
    </message>
    <message>
        <source>%1 tokens. The query is %2; %3. Left and Right move the query.</source>
        <translation>%1 Tokens. Die Query ist %2; %3. Links und Rechts verschieben die Query.</translation>
    </message>
</context>
<context>
    <name>TokenStrip</name>
    <message>
        <source>query</source>
        <extracomment>From a chip&apos;s edge to its text&apos;s box: the query&apos;s 4 px outline reaches 4 px in. Text scales tried from largest to smallest until the chips fit in MAX_ROWS rows. Space inside and between chips, in text sizes: the usual, and the tight one, taken only when it saves a row (a row of chips costs the heatmap its height). The chips&apos; words at the default text size; larger text never makes them smaller.</extracomment>
        <translation>Query</translation>
    </message>
    <message>
        <source>Sentence tokens</source>
        <extracomment>Tokens longer than this many characters are shortened on their chip (whole where there is room: a word is cut by the width it needs, see ``app.ui.fitting``). Chip layouts by width and what they depend on: rects, scale, small-line floor and what the small line holds. The smallest size of a chip&apos;s position/percent line (presenter mode: 24 px). A room&apos;s fixed height for the chips (None: as many rows as the words need). What the chips&apos; small lines hold in a room (see chip_layout.FULL_LINE). The narrowest chip (a kiosk&apos;s finger), and the spacing of the chips laid out. Each chip&apos;s word box, small-line box and fitted word, until the next layout.</extracomment>
        <translation>Tokens des Satzes</translation>
    </message>
</context>
<context>
    <name>Tour</name>
    <message>
        <source>Each token looks one step back: “.” (5) gives nearly all to “dog” (4).</source>
        <extracomment>The tour, on the lesson&apos;s sentence: &quot;the cat chased the dog . the cat chased the&quot;.</extracomment>
        <translation>Jedes Token schaut einen Schritt zurück: „.“ (5) gibt fast alles an „Maus“ (4).</translation>
    </message>
    <message>
        <source>The last “the” (9) shares its weight among the earlier copies at 0, 3 and 6.</source>
        <translation>Das letzte „die“ (9) teilt sein Gewicht auf die früheren Kopien bei 0, 3 und 6 auf.</translation>
    </message>
    <message>
        <source>The first “the” (0) has no earlier copy and cannot see later ones: all on itself.</source>
        <translation>Das erste „die“ (0) hat keine frühere Kopie und sieht keine späteren: alles auf sich selbst.</translation>
    </message>
    <message>
        <source>Mask off: the first “the” (0) now reaches forward to its copies at 3, 6 and 9.</source>
        <translation>Maske aus: Das erste „die“ (0) greift jetzt nach vorn zu seinen Kopien bei 3, 6 und 9.</translation>
    </message>
    <message>
        <source>“cat” (7) looks at “chased” (2), what followed the earlier “cat”: the next word.</source>
        <translation>„Katze“ (7) schaut auf „jagte“ (2), das der früheren „Katze“ folgte: das nächste Wort.</translation>
    </message>
    <message>
        <source>“the” (9) splits between “cat” (1), “dog” (4) and “cat” (7): each followed a “the”.</source>
        <translation>„die“ (9) verteilt sich auf „Katze“ (1), „Maus“ (4) und „Katze“ (7): Jedes folgte einem „die“.</translation>
    </message>
    <message>
        <source>“chased” (8) looks at “the” (3), which followed the earlier “chased”: “the” comes next.</source>
        <translation>„jagte“ (8) schaut auf „die“ (3), das dem früheren „jagte“ folgte: „die“ kommt als Nächstes.</translation>
    </message>
    <message>
        <source>Every row piles onto position 0: “the” (9) sends nearly everything to “the” (0).</source>
        <translation>Jede Zeile häuft sich auf Position 0: „die“ (9) schickt fast alles an „die“ (0).</translation>
    </message>
    <message>
        <source>Mask off: “the” (9) and every row above keep their weight on “the” (0), always visible.</source>
        <translation>Maske aus: „die“ (9) und alle Zeilen darüber bleiben bei „die“ (0), das immer sichtbar ist.</translation>
    </message>
    <message>
        <source>“the” (9) gives each of the ten tokens it can see the same share, 10%.</source>
        <translation>„die“ (9) gibt jedem der zehn Tokens, die es sieht, denselben Anteil, 10 %.</translation>
    </message>
    <message>
        <source>Mask off: the last token&apos;s row stays put; the rows above it now spread to the end.</source>
        <translation>Maske aus: Die Zeile des letzten Tokens bleibt gleich; die Zeilen darüber reichen jetzt bis zum Ende.</translation>
    </message>
</context>
<context>
    <name>TourCaption</name>
    <message>
        <source>What to notice</source>
        <translation>Worauf zu achten ist</translation>
    </message>
    <message>
        <source>Tour %1 of %2</source>
        <translation>Tour %1 von %2</translation>
    </message>
</context>
<context>
    <name>TrainPanel</name>
    <message>
        <source>Start from random weights and train the same small model again, on random tokens whose second half repeats a stretch of the first, for %1 steps. It runs in a separate process, so the window stays quick; expect about half a minute. The model that comes with the program had %2 steps of the same training: both heads form within these %1, and the extra steps only sharpen them.</source>
        <translation>Beginne mit zufälligen Gewichten und trainiere dasselbe kleine Modell noch einmal, auf zufälligen Tokens, deren zweite Hälfte ein Stück der ersten wiederholt, %1 Schritte lang. Es läuft in einem eigenen Prozess, das Fenster bleibt also flink; rechne mit etwa einer halben Minute. Das Modell, das mit dem Programm kommt, hatte %2 Schritte desselben Trainings: Beide Köpfe bilden sich innerhalb dieser %1, die zusätzlichen Schritte schärfen sie nur.</translation>
    </message>
    <message>
        <source>Watch for the moment the loss drops steeply: that is when the induction head forms, and its score shoots up at the same time.</source>
        <translation>Achte auf den Moment, in dem der Verlust steil fällt: Dann bildet sich der Induktionskopf, und sein Wert schießt im selben Moment nach oben.</translation>
    </message>
    <message>
        <source>Cancelled. The model on the other tabs has not changed.</source>
        <translation>Abgebrochen. Das Modell auf den anderen Reitern hat sich nicht geändert.</translation>
    </message>
    <message>
        <source>In use: Learned heads and Side by side now show the model you trained.</source>
        <translation>In Gebrauch: „Gelernte Köpfe“ und „Nebeneinander“ zeigen jetzt das Modell, das du trainiert hast.</translation>
    </message>
    <message>
        <source>Step %1 of %2 · loss %3 · induction %4 · previous token %5</source>
        <translation>Schritt %1 von %2 · Verlust %3 · Induktion %4 · voriges Token %5</translation>
    </message>
    <message>
        <source>Train from scratch</source>
        <translation>Von vorn trainieren</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>Abbrechen</translation>
    </message>
    <message>
        <source>Training progress</source>
        <extracomment>Each run starts from other random weights, so no two curves are the same.</extracomment>
        <translation>Fortschritt des Trainings</translation>
    </message>
    <message>
        <source>Not started.</source>
        <translation>Nicht gestartet.</translation>
    </message>
    <message>
        <source>Use this model</source>
        <translation>Dieses Modell verwenden</translation>
    </message>
    <message>
        <source>Back to the shipped model</source>
        <translation>Zurück zum mitgelieferten Modell</translation>
    </message>
    <message>
        <source>Starting (random weights from seed %1)…</source>
        <translation>Start (zufällige Gewichte aus Seed %1)…</translation>
    </message>
    <message>
        <source>The model on the other tabs has not changed.</source>
        <translation>Das Modell auf den anderen Reitern hat sich nicht geändert.</translation>
    </message>
    <message>
        <source>Done in %1 s: induction score %2, previous-token score %3. Use it to see its heads on your sentence.</source>
        <translation>Fertig in %1 s: Induktionswert %2, Wert für das vorige Token %3. Verwende es, um seine Köpfe auf deinem Satz zu sehen.</translation>
    </message>
</context>
<context>
    <name>Training</name>
    <message>
        <source>Training stopped with an error: %1</source>
        <extracomment>One BLAS thread in the child, whatever the environment says: the matrices are small, and with two OpenBLAS threads on a two-core machine that is also drawing the window, training took 379 s instead of 25 s (bench_training_ui.py). How long shutdown waits for a killed child to be gone (it normally takes a few ms). The folder that holds the ``app`` and ``core`` packages. Children that were told to stop and have not exited yet.</extracomment>
        <translation>Das Training brach mit einem Fehler ab: %1</translation>
    </message>
    <message>
        <source>The training process ended unexpectedly (exit code %1).</source>
        <translation>Der Trainingsprozess endete unerwartet (Exit-Code %1).</translation>
    </message>
    <message>
        <source>Training could not start: %1</source>
        <translation>Das Training konnte nicht starten: %1</translation>
    </message>
</context>
<context>
    <name>TrainingCurve</name>
    <message>
        <source>The curves appear here as soon as training starts.</source>
        <translation>Die Kurven erscheinen hier, sobald das Training beginnt.</translation>
    </message>
    <message>
        <source>loss</source>
        <translation>Verlust</translation>
    </message>
    <message>
        <source>score (0 to 1)</source>
        <translation>Wert (0 bis 1)</translation>
    </message>
    <message>
        <source>Training curves: loss and scores</source>
        <translation>Trainingskurven: Verlust und Werte</translation>
    </message>
    <message>
        <source>step %1, loss %2, induction %3</source>
        <translation>Schritt %1, Verlust %2, Induktion %3</translation>
    </message>
    <message>
        <source>loss (left axis)</source>
        <translation>Verlust (linke Achse)</translation>
    </message>
    <message>
        <source>induction score</source>
        <translation>Induktionswert</translation>
    </message>
    <message>
        <source>previous-token score</source>
        <translation>Wert „voriges Token“</translation>
    </message>
    <message>
        <source>training steps</source>
        <translation>Trainingsschritte</translation>
    </message>
</context>
<context>
    <name>WidthDiagram</name>
    <message>
        <source>Keys and values: %1 heads × %2 = %3 each</source>
        <extracomment>Okabe-Ito colours, distinguishable with colour-blindness, plus a grey: eight, so the eight heads of Transformer base all differ, and larger counts cycle without two neighbours ever matching. Separating lines mean colour is never the only clue. Below this width in pixels, slices are drawn without separating lines. Space from the left and right edges, in pixels.</extracomment>
        <translation>Keys und Values: %1 Köpfe × %2 = je %3</translation>
    </message>
    <message>
        <source>Keys and values: %1 heads × %2 = %3 each, each shared by %4 query heads</source>
        <translation>Keys und Values: %1 Köpfe × %2 = je %3, jeder geteilt von %4 Query-Köpfen</translation>
    </message>
    <message>
        <source>One token&apos;s vector x: d_model = %1</source>
        <translation>Vektor x eines Tokens: d_model = %1</translation>
    </message>
    <message>
        <source>Queries: %1 heads × d_k = %2 = %3</source>
        <translation>Queries: %1 Köpfe × d_k = %2 = %3</translation>
    </message>
    <message>
        <source>Each head attends on its own; concatenated: %1 × %2 = %3</source>
        <translation>Jeder Kopf rechnet für sich; aneinandergehängt: %1 × %2 = %3</translation>
    </message>
    <message>
        <source>Mixed by the output matrix (%1 × %1): the output, %1 wide</source>
        <translation>Gemischt von der Ausgabematrix (%1 × %1): die Ausgabe, %1 breit</translation>
    </message>
    <message>
        <source>Model width diagram</source>
        <translation>Diagramm der Modellbreite</translation>
    </message>
    <message>
        <source>A %1-wide vector cut into %2 heads of %3; keys and values use %4 heads; the %2 head outputs are concatenated back to %1 and multiplied by W^O (%1 x %1).</source>
        <extracomment>Each bar&apos;s rectangle as last painted (tests measure them).</extracomment>
        <translation>Ein Vektor der Breite %1, geteilt in %2 Köpfe zu %3; Keys und Values nutzen %4 Köpfe; die %2 Ausgaben der Köpfe werden wieder zu %1 aneinandergehängt und mit W^O (%1 x %1) multipliziert.</translation>
    </message>
</context>
<context>
    <name>WordTiles</name>
    <message>
        <source>Add the word %1</source>
        <extracomment>The longest sentence a visitor can build: about as long as the kiosk&apos;s own sentences (11 to 17 tokens), so the chips and the heatmap stay readable from a distance. Space between tiles. The tiles&apos; text size: up to this on a wide screen, down to this where room is short. The words tapped so far, in order. One button per word, by word: each as wide as its own word.</extracomment>
        <translation>Das Wort %1 anfügen</translation>
    </message>
    <message>
        <source>⌫ Remove last word</source>
        <extracomment>The tiles&apos; text size: a wide screen gets larger tiles, never smaller than 24 px. The largest the tiles may get (the picker&apos;s type scale, see ``set_largest_px``).</extracomment>
        <translation>⌫ Letztes Wort entfernen</translation>
    </message>
    <message>
        <source>Clear</source>
        <translation>Alles löschen</translation>
    </message>
    <message>
        <source>Use this sentence</source>
        <translation>Diesen Satz nehmen</translation>
    </message>
    <message>
        <source>Tap the words below to build a sentence.</source>
        <translation>Tippe unten auf Wörter, um einen Satz zu bauen.</translation>
    </message>
    <message>
        <source>The sentence is full: %1 words at most. Remove a word, or use it.</source>
        <translation>Der Satz ist voll: höchstens %1 Wörter. Entferne ein Wort oder nimm ihn.</translation>
    </message>
    <message>
        <source>%1 of at most %2 words. Tap “Use this sentence” to see how the heads read it.</source>
        <translation>%1 von höchstens %2 Wörtern. Tippe auf „Diesen Satz nehmen“ und sieh, wie die Köpfe ihn lesen.</translation>
    </message>
</context>
<context>
    <name>Worksheet</name>
    <message>
        <source>Map:</source>
        <translation>Karte:</translation>
    </message>
    <message>
        <source>Attention heads: worksheet</source>
        <translation>Attention-Köpfe: Arbeitsblatt</translation>
    </message>
    <message>
        <source>Model</source>
        <translation>Modell</translation>
    </message>
    <message>
        <source>heads h</source>
        <translation>Köpfe h</translation>
    </message>
    <message>
        <source>1. The sentence and its tokens</source>
        <translation>1. Der Satz und seine Tokens</translation>
    </message>
    <message>
        <source>The program cuts it into %1 tokens, numbered from 0:</source>
        <translation>Das Programm zerlegt ihn in %1 Tokens, von 0 an nummeriert:</translation>
    </message>
    <message>
        <source>The sentence has %1 tokens; the tables below show its first %2. With the causal mask on, a token sees only the tokens before it, so these rows are the same as in the table of the whole sentence.</source>
        <translation>Der Satz hat %1 Tokens; die Tabellen unten zeigen seine ersten %2. Mit kausaler Maske sieht ein Token nur die Tokens vor sich, deshalb stimmen diese Zeilen mit denen der Tabelle des ganzen Satzes überein.</translation>
    </message>
    <message>
        <source>2. Which map belongs to which head?</source>
        <translation>2. Welche Karte gehört zu welchem Kopf?</translation>
    </message>
    <message>
        <source>Each map shows one head on this sentence with the causal mask on. Rows are queries (who is looking), columns are keys (what is looked at), position 0 at the top left. The brighter a cell, the more weight; hatched cells are hidden by the mask. Write the letter of the matching map after each head.</source>
        <translation>Jede Karte zeigt einen Kopf auf diesem Satz, mit eingeschalteter kausaler Maske. Die Zeilen sind die Queries (wer schaut), die Spalten die Keys (worauf geschaut wird); Position 0 steht oben links. Je heller ein Feld, desto mehr Gewicht; schraffierte Felder verdeckt die Maske. Schreib hinter jeden Kopf den Buchstaben der passenden Karte.</translation>
    </message>
    <message>
        <source>3. What the causal mask hides</source>
        <translation>3. Was die kausale Maske verdeckt</translation>
    </message>
    <message>
        <source>Shade every cell of this grid that the causal mask sets to zero. How many cells are they, and which rule picks them, for the query at position i and the key at position j?</source>
        <translation>Schraffiere in diesem Raster jedes Feld, das die kausale Maske auf null setzt. Wie viele Felder sind das, und nach welcher Regel werden sie ausgewählt, wenn die Query an Position i und der Key an Position j steht?</translation>
    </message>
    <message>
        <source>Number of cells:</source>
        <translation>Anzahl der Felder:</translation>
    </message>
    <message>
        <source>Rule:</source>
        <translation>Regel:</translation>
    </message>
    <message>
        <source>4. The %1 head&apos;s weights</source>
        <translation>4. Die Gewichte des Kopfs %1</translation>
    </message>
    <message>
        <source>In each row, the boxed cell is the key that the query looks at most; its weight is missing. Fill it in. Each row adds up to 1. The head scores 5 for a key whose previous token is the query&apos;s word (the query itself excepted), 2 for position 0 and 0 for every other key; the weights are the softmax of the scores over the keys the query may see. Hatched cells are hidden by the causal mask.</source>
        <translation>In jeder Zeile ist das umrahmte Feld der Key, auf den die Query am meisten schaut; sein Gewicht fehlt. Trag es ein. Jede Zeile ergibt zusammen 1. Der Kopf gibt einem Key die Punktzahl 5, wenn das Token vor ihm das Wort der Query ist (die Query selbst ausgenommen), der Position 0 die Punktzahl 2 und allen anderen Keys 0; die Gewichte sind der Softmax dieser Punktzahlen über die Keys, die die Query sehen darf. Schraffierte Felder verdeckt die kausale Maske.</translation>
    </message>
    <message>
        <source>6. Three challenges</source>
        <translation>6. Drei Aufgaben</translation>
    </message>
    <message>
        <source>Open Attention Heads with this sentence. For each challenge, write down the query you found and where it looks most.</source>
        <translation>Öffne Attention Heads mit diesem Satz. Schreib zu jeder Aufgabe auf, welche Query du gefunden hast und wohin sie am meisten schaut.</translation>
    </message>
    <message>
        <source>Query:</source>
        <translation>Query:</translation>
    </message>
    <message>
        <source>Looks most at:</source>
        <translation>Schaut am meisten auf:</translation>
    </message>
    <message>
        <source>5. Cutting the model width into heads</source>
        <translation>5. Die Modellbreite auf Köpfe aufteilen</translation>
    </message>
    <message>
        <source>Each of the h heads gets an equal share of the model width d_model: d_k = d_model / h. The projections W_Q, W_K, W_V and W_O hold 4 · d_model² weights together, however many heads there are. Fill in the empty cells.</source>
        <translation>Jeder der h Köpfe bekommt einen gleich großen Teil der Modellbreite d_model: d_k = d_model / h. Die Projektionen W_Q, W_K, W_V und W_O haben zusammen 4 · d_model² Gewichte, ganz gleich, wie viele Köpfe es gibt. Füll die leeren Felder aus.</translation>
    </message>
    <message>
        <source>Name:</source>
        <translation>Name:</translation>
    </message>
    <message>
        <source>Class and date:</source>
        <translation>Klasse und Datum:</translation>
    </message>
    <message>
        <source>Worksheet</source>
        <translation>Arbeitsblatt</translation>
    </message>
    <message>
        <source>Teacher&apos;s key</source>
        <translation>Lösungen für die Lehrkraft</translation>
    </message>
    <message>
        <source>%1 of the %2 cells</source>
        <extracomment>Findings listed for one challenge (per head, for looking ahead); the rest are counted.</extracomment>
        <translation>%1 der %2 Felder</translation>
    </message>
    <message>
        <source>(in the whole sentence of %1 tokens: %2)</source>
        <translation>(im ganzen Satz mit %1 Tokens: %2)</translation>
    </message>
    <message>
        <source>every cell whose key comes after its query, j &gt; i: row i keeps its first i + 1 keys. A sentence of n tokens has n(n − 1)/2 such cells.</source>
        <translation>jedes Feld, dessen Key nach seiner Query kommt, also j &gt; i: Zeile i behält ihre ersten i + 1 Keys. Ein Satz aus n Tokens hat n(n − 1)/2 solche Felder.</translation>
    </message>
    <message>
        <source>The missing weights are framed, in bold.</source>
        <translation>Die fehlenden Gewichte sind umrahmt und fett gedruckt.</translation>
    </message>
    <message>
        <source>No query of this sentence meets it.</source>
        <translation>Keine Query dieses Satzes erfüllt sie.</translation>
    </message>
    <message>
        <source>(and %1 more.)</source>
        <translation>(und %1 weitere.)</translation>
    </message>
    <message>
        <source>%1: d_k = %2 / %3 = %4; 4 · %2² = %5</source>
        <translation>%1: d_k = %2 / %3 = %4; 4 · %2² = %5</translation>
    </message>
    <message>
        <source>Every answer below was computed by the program from the same rules as its window, for this worksheet&apos;s sentence.</source>
        <translation>Jede Antwort hier hat das Programm nach denselben Regeln wie in seinem Fenster berechnet, für den Satz dieses Arbeitsblatts.</translation>
    </message>
</context>
<context>
    <name>WorksheetDialog</name>
    <message>
        <source>A4 (210 × 297 mm)</source>
        <translation>A4 (210 × 297 mm)</translation>
    </message>
    <message>
        <source>Letter (8.5 × 11 in)</source>
        <translation>US-Letter (8,5 × 11 Zoll)</translation>
    </message>
    <message>
        <source>Worksheet for a class</source>
        <translation>Arbeitsblatt für eine Klasse</translation>
    </message>
    <message>
        <source>Lesson sentence</source>
        <translation>Satz der Lektion</translation>
    </message>
    <message>
        <source>Choose…</source>
        <translation>Auswählen…</translation>
    </message>
    <message>
        <source>Language:</source>
        <translation>Sprache:</translation>
    </message>
    <message>
        <source>Paper:</source>
        <translation>Papier:</translation>
    </message>
    <message>
        <source>Sentence:</source>
        <translation>Satz:</translation>
    </message>
    <message>
        <source>File:</source>
        <translation>Datei:</translation>
    </message>
    <message>
        <source>Write the worksheet</source>
        <translation>Arbeitsblatt schreiben</translation>
    </message>
    <message>
        <source>Student pages to fill in, then the teacher&apos;s key with every answer on pages of its own.</source>
        <translation>Seiten zum Ausfüllen für die Lernenden, danach auf eigenen Seiten die Lösungen für die Lehrkraft mit jeder Antwort.</translation>
    </message>
    <message>
        <source>Save the worksheet as</source>
        <translation>Arbeitsblatt speichern unter</translation>
    </message>
    <message>
        <source>PDF document (*.pdf)</source>
        <translation>PDF-Dokument (*.pdf)</translation>
    </message>
</context>
</TS>
