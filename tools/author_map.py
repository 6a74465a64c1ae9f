"""One-off authoring tool: writes Mediterranean Empires' map.yaml and layout.yaml.

The tables below are our design (cities, sizes, ports, routes, barbarian areas; reasons in
scenarios/mediterranean_empires/SOURCES.md, "Map"). Positions come from J. W. Hanson, *Cities
Database* (OXREP 2016, DOI 10.5287/bodleian:eqapevAn8), matched by its exact `ancient_name`
(`h:` entries, each checked by hand for homonyms), or, where it has no entry, from the Pleiades
gazetteer (`p:` entries, degrees). Re-runnable, no network:

    python -m tools.author_map /path/to/ancient-cities-hanson2016.csv [--out FOLDER]
"""

from __future__ import annotations

import argparse
import csv
import json
import math
from collections.abc import Mapping
from pathlib import Path

PROVINCES = """
britannia | Britannia | #b5838d | -150,5250
gallia | Gallia | #6d9dc5 |
germania | Germania | #8a9a5b | 1000,5100
liguria | Liguria | #c9a227 | 780,4420
hispania | Hispania | #d17a22 |
mauretania | Mauretania | #a0522d |
africa | Africa | #c2b280 |
libye | Libye | #e0c879 |
aigyptos | Aigyptos | #e3a857 |
asia | Asia | #9c6644 |
mikra_asia | Mikra Asia | #b56576 | 2790,3860
helade | Helade | #4f86c6 |
skuthia | Skuthia | #7b8b6f |
pannonia | Pannonia | #5e8c61 |
illyricum | Illyricum | #8e7dbe |
italia | Italia | #c0392b |
corsica_sardinia_sicilia | Corsica, Sardinia et Sicilia | #d98c5f | 1100,3950
"""

# id | name | province | size | port | position | aliases (book spellings first)
CITIES = """
londinium | Londinium | britannia | 1 | y | h:Londinium | London
camulodunum | Camulodunum | britannia | 1 | n | h:Camulodunum | Colchester
eburacum | Eburacum | britannia | 1 | n | h:Eburacum | Eboracum, York
lutetia | Lutetia | gallia | 2 | n | h:Lutetia | Lutetia Parisiorum, Paris
gergovia | Gergovia | gallia | 2 | n | p:3.12,45.71 |
bibracte | Bibracte | gallia | 2 | n | p:4.04,46.92 |
alesia | Alesia | gallia | 2 | n | h:Alesia |
avaricum | Avaricum | gallia | 3 | n | h:Avaricum | Bourges
cenabum | Cenabum | gallia | 1 | n | h:Cenabum | Genabum, Orleans
durocortorum | Durocortorum | gallia | 1 | n | h:Durocortorum | Reims
vesontio | Vesontio | gallia | 1 | n | h:Vesontio | Besançon
burdigala | Burdigala | gallia | 1 | y | h:Burdigala | Bordeaux
gesoriacum | Gesoriacum | gallia | 1 | y | p:1.61,50.73 | Boulogne
massilia | Massilia | liguria | 2 | y | h:Massalia | Massila, Massalia, Marseille
nicaea | Nicaea | liguria | 1 | y | p:7.27,43.70 | Nikaia, Nice
genua | Genua | liguria | 1 | y | h:Genua | Genoa
numantia | Numantia | hispania | 2 | n | h:Numantia |
segontia | Segontia | hispania | 1 | n | p:-2.64,41.07 | Seguntia, Sigüenza
helmantica | Helmantica | hispania | 1 | n | h:Salmantica | Salmantica, Salamanca
segeda | Segeda | hispania | 1 | n | h:Segeda | Sedega
ilerda | Ilerda | hispania | 1 | n | h:Ilerda | Lleida
emporion | Emporion | hispania | 2 | y | h:Emporiae | Emporiae, Empúries
toletum | Toletum | hispania | 1 | n | h:Toletum | Toledo
castulo | Castulo | hispania | 1 | n | h:Castulo |
cartago_nova | Cartago Nova | hispania | 2 | y | h:Carthago Nova | Carthago Nova, Qart Hadasht
corduba | Corduba | hispania | 2 | n | h:Corduba | Córdoba
gadir | Gadir | hispania | 3 | y | h:Gades | Gades, Gadeira, Cádiz
saguntum | Saguntum | hispania | 2 | y | h:Saguntum | Sagunto
tarraco | Tarraco | hispania | 2 | y | h:Tarraco | Tarragona
olisipo | Olisipo | hispania | 1 | y | h:Olisipo | Lisbon
hispalis | Hispalis | hispania | 1 | y | h:Hispalis | Seville
malaca | Malaca | hispania | 1 | y | h:Malaca | Málaga
osca | Osca | hispania | 1 | n | h:Osca | Huesca
pallantia | Pallantia | hispania | 1 | n | p:-4.53,42.01 | Palencia
tingis | Tingis | mauretania | 1 | y | h:Tingis | Tangier
lixus | Lixus | mauretania | 1 | y | h:Lixus |
siga | Siga | mauretania | 1 | y | h:Siga |
iol | Iol | mauretania | 1 | y | h:Iol | Iol Caesarea
carthago | Carthago | africa | 3 | y | h:Carthago | Cartago, Carthage, Karthago
utica | Utica | africa | 2 | y | h:Utica |
hadrumentum | Hadrumentum | africa | 2 | y | h:Hadrumetum | Hadrumentun, Hadrumetum
hippo_regius | Hippo Regius | africa | 2 | y | h:Hippo Regius |
cirta | Cirta | africa | 2 | n | h:Cirta |
rusicade | Rusicade | africa | 1 | y | h:Rusicada | Rusicada
theveste | Theveste | africa | 1 | n | h:Theveste |
capsa | Capsa | africa | 1 | n | h:Capsa |
kyrene | Kyrene | libye | 2 | n | h:Cyrene | Cyrene
apollonia | Apollonia | libye | 1 | y | h:Apollonia (Cyrenaica) |
barke | Barke | libye | 1 | n | p:20.88,32.49 | Barca
taucheira | Taucheira | libye | 1 | y | p:20.58,32.53 | Teuchira, Arsinoe
euhesperides | Euhesperides | libye | 1 | y | h:Berenice | Berenike, Hesperides
alexandreia | Alexandreia | aigyptos | 3 | y | h:Alexandria (Aegyptus) | Alexandria
memphis | Memphis | aigyptos | 3 | n | h:Memphis |
sais | Sais | aigyptos | 2 | n | h:Sais |
naukratis | Naukratis | aigyptos | 1 | y | p:30.60,30.90 | Naucratis
pelousion | Pelousion | aigyptos | 1 | y | h:Pelusium | Pelusium
bubastis | Bubastis | aigyptos | 1 | n | h:Bubastis |
tanis | Tanis | aigyptos | 1 | n | h:Tanis |
ankyra | Ánkyra | asia | 2 | n | h:Ancyra | Ankyra, Ancyra
gordion | Gordion | asia | 1 | n | p:31.99,39.65 | Gordium
sinope | Sinope | asia | 2 | y | h:Sinope |
amisos | Amisos | asia | 1 | y | h:Amisus | Amisus
trapezous | Trapezous | asia | 1 | y | p:39.72,41.00 | Trapezus, Trebizond
phasis | Phasis | asia | 1 | y | p:41.67,42.15 |
mazaka | Mazaka | asia | 1 | n | h:Mazaca | Mazaca
tarsos | Tarsos | asia | 2 | y | h:Tarsus | Tarsus
kelainai | Kelainai | asia | 1 | n | h:Celaenae | Celaenae
side | Side | asia | 1 | y | h:Side |
salamis | Salamis | asia | 2 | y | h:Salamis |
antiocheia | Antiocheia | asia | 2 | n | h:Antiochia (Syria) | Antiochia, Antioch
tyros | Tyros | asia | 3 | y | h:Tyrus | Tyre, Tyrus
sidon | Sidon | asia | 2 | y | h:Sidon |
byblos | Byblos | asia | 1 | y | p:35.65,34.12 | Byblus
damaskos | Damaskos | asia | 3 | n | h:Damascus | Damascus
hierosolyma | Hierosolyma | asia | 1 | n | h:Aelia Capitolina | Jerusalem
gaza | Gaza | asia | 1 | y | h:Gaza |
palmyra | Palmyra | asia | 1 | n | h:Palmyra | Tadmor
arbela | Arbela | asia | 1 | n | p:44.01,36.19 | Erbil
babylon | Babylon | asia | 3 | n | p:44.42,32.54 |
astakos | Astakos | mikra_asia | 1 | y | p:29.87,40.70 | Astacus
pergamon | Pergamon | mikra_asia | 2 | n | h:Pergamum | Pergamum
sardeis | Sardeis | mikra_asia | 2 | n | h:Sardis | Sardis
ephesos | Ephesos | mikra_asia | 2 | y | h:Ephesus | Ephesus
miletos | Míletôs | mikra_asia | 2 | y | h:Miletus | Miletos, Miletus
halikarnassos | Halikarnassos | mikra_asia | 1 | y | h:Halicarnassus | Halicarnassus
athenai | Athenai | helade | 3 | y | h:Athenae | Athens, Athenae
pella | Pella | helade | 2 | n | h:Pella (Macedonia) | Pélla, Péla
korinthos | Korinthos | helade | 2 | y | h:Corinthia | Corinth, Corinthus
sparta | Sparta | helade | 2 | n | h:Sparta | Sparte, Lakedaimon
thebai | Thebai | helade | 2 | n | h:Thebae | Thebes, Thebae
argos | Argos | helade | 2 | n | h:Argos (Achaea) (2) |
byzantion | Byzantion | helade | 2 | y | h:Byzantium | Byzantium
rhodos | Rhodos | helade | 2 | y | h:Rhodus | Rhodes, Rhodus
kerkyra | Kerkyra | helade | 2 | y | h:Corcyra | Corcyra
amphipolis | Amphipolis | helade | 2 | y | h:Amphipolis |
chalkis | Chalkis | helade | 2 | y | h:Chalcis | Chalcis
delfoi | Delfoi | helade | 1 | n | h:Delphi | Delphi, Delphoi
megara | Megara | helade | 1 | n | h:Megara |
elis | Elis | helade | 1 | n | h:Elis |
larisa | Larisa | helade | 1 | n | h:Larisa (Achaea) | Larissa
ambrakia | Ambrakia | helade | 1 | n | h:Ambracia | Ambracia
thessalonike | Thessalonike | helade | 1 | y | h:Thessalonica | Thessalonica, Therme
abdera | Abdera | helade | 1 | y | h:Abdera (Thracia) |
knossos | Knossos | helade | 1 | y | h:Cnossus | Cnossus
naxos | Naxos | helade | 1 | y | h:Naxus | Naxus
chios | Chios | helade | 1 | y | p:26.14,38.37 |
samos | Samos | helade | 1 | y | h:Samos |
mytilene | Mytilene | helade | 1 | y | h:Mytilene | Lesbos
odessos | Odessos | skuthia | 1 | y | h:Odessus | Odessus
istros | Istros | skuthia | 1 | y | h:Histria | Histria
tyras | Tyras | skuthia | 1 | y | p:30.35,46.20 |
olbia | Olbia | skuthia | 2 | y | p:31.90,46.69 | Olbia Pontica
chersonesos | Chersonesos | skuthia | 2 | y | p:33.49,44.61 | Chersonesus
pantikapaion | Pantikapaion | skuthia | 2 | y | p:36.47,45.35 | Panticapaeum
phanagoria | Phanagoria | skuthia | 1 | y | p:36.99,45.28 |
dioskourias | Dioskourias | skuthia | 1 | y | p:41.01,43.00 | Dioscurias
siscia | Siscia | pannonia | 2 | n | h:Siscia | Segestica
carnuntum | Carnuntum | pannonia | 1 | n | h:Carnuntum (1) |
sirmium | Sirmium | pannonia | 1 | n | h:Sirmium |
salonae | Salonae | illyricum | 2 | y | h:Salona | Salona
dyrrachion | Dyrrachion | illyricum | 2 | y | h:Dyrrachium | Dyrrachium, Epidamnos
scodra | Scodra | illyricum | 1 | n | h:Scodra |
narona | Narona | illyricum | 1 | n | h:Narona |
roma | Roma | italia | 3 | y | h:Roma | Rome
capua | Capua | italia | 2 | n | h:Capua |
terentum | Terentum | italia | 2 | y | h:Tarentum | Tarentum, Taras
brundisium | Brundisium | italia | 2 | y | h:Brundisium | Brundusium
tarquinii | Tarquinii | italia | 2 | n | h:Tarquinii |
pisae | Pisae | italia | 2 | y | h:Pisae | Pisa
ancona | Ancona | italia | 2 | y | h:Ancona |
neapolis | Neapolis | italia | 1 | y | h:Neapolis (Italia (I Latium and Campania)) | Naples
reghium | Reghium | italia | 1 | y | h:Regium | Rhegium, Regium
ravenna | Ravenna | italia | 1 | y | h:Ravenna |
placentia | Placentia | italia | 1 | n | h:Placentia |
syracusae | Syracusae | corsica_sardinia_sicilia | 3 | y | h:Syracusae | Syrakousai, Syracuse
panormos | Panormos | corsica_sardinia_sicilia | 2 | y | h:Panormus | Panormus
messana | Messana | corsica_sardinia_sicilia | 1 | y | h:Messana | Zankle
aleria | Aleria | corsica_sardinia_sicilia | 1 | y | h:Aleria | Alalia
nora | Nora | corsica_sardinia_sicilia | 1 | y | h:Nora |
turris_libyssonis | Turris Libyssonis | corsica_sardinia_sicilia | 1 | y | h:Turris Libisonis | \
Turris Libiyssonis, Turris Libisonis
"""

# id | name | strength (d6) | position (degrees, the people's heartland) | aliases
BARBARIANS = """
conii | Conii | 2 | -8.20,37.40 | Cynetes
gallaeci | Gallaeci | 3 | -8.00,42.60 | Callaeci
asturi | Asturi | 3 | -5.90,43.10 | Astures
vascones | Vascones | 4 | -1.70,42.90 |
aquitani | Aquitani | 3 | -0.30,43.90 |
allobroges | Allobroges | 3 | 5.70,45.30 |
ligures | Ligures | 2 | 9.20,44.50 |
massaesyli_numidae | Massaesyli Numidae | 3 | 0.80,34.80 |
massylii_numidae | Massylii Numidae | 3 | 7.00,35.30 |
garamantes_lybies | Garamantes Lybies | 3 | 13.00,26.50 | Garamantes
masamones_lybies | Masamones Lybies | 2 | 19.50,30.30 | Nasamones
libu_lybies | Libu Lybies | 2 | 25.50,30.80 | Libu Libyes
arabes_nabateai | Arabes Nabateai | 3 | 36.50,30.30 | Nabataeans
lykios | Lykios | 2 | 29.70,36.60 | Lycians
kimmerioi | Kimmerioi | 3 | 35.50,40.40 | Cimmerians
trakhios | Trakhios | 4 | 25.60,42.20 | Thrakios, Thracians
dakoi | Dakói | 4 | 25.00,45.60 | Dakoi, Dacians
carpi | Carpi | 3 | 27.30,47.40 |
skythis | Skythis | 5 | 34.50,47.20 | Scythians
marcomanni | Marcomanni | 4 | 14.50,49.60 |
suevi | Suevi | 5 | 9.50,49.50 | Suebi
batavi | Batavi | 3 | 5.60,51.80 |
britanni | Britanni | 3 | -3.30,52.40 |
picti | Picti | 4 | -3.80,56.50 |
iverni | Iverni | 2 | -8.00,53.20 |
"""

LAND = """
londinium-camulodunum londinium-eburacum
lutetia-cenabum lutetia-durocortorum lutetia-gesoriacum lutetia-alesia durocortorum-gesoriacum
alesia-vesontio alesia-bibracte bibracte-gergovia bibracte-avaricum avaricum-cenabum
avaricum-gergovia avaricum-burdigala
genua-nicaea nicaea-massilia pisae-genua placentia-genua emporion-massilia
numantia-segeda numantia-segontia numantia-pallantia segeda-saguntum segeda-osca segeda-segontia
segeda-ilerda osca-ilerda ilerda-tarraco ilerda-emporion tarraco-emporion tarraco-saguntum
saguntum-cartago_nova segontia-toletum toletum-helmantica toletum-castulo toletum-olisipo
helmantica-pallantia helmantica-olisipo castulo-cartago_nova castulo-corduba corduba-hispalis
corduba-gadir hispalis-gadir gadir-malaca malaca-cartago_nova
lixus-tingis tingis-siga siga-iol
carthago-utica carthago-hadrumentum carthago-theveste utica-hippo_regius hippo_regius-rusicade
hippo_regius-cirta rusicade-cirta cirta-theveste theveste-capsa capsa-hadrumentum
euhesperides-taucheira taucheira-barke barke-kyrene kyrene-apollonia apollonia-alexandreia
alexandreia-naukratis naukratis-sais sais-memphis memphis-bubastis bubastis-tanis
tanis-pelousion bubastis-pelousion pelousion-gaza
ankyra-gordion ankyra-sinope ankyra-mazaka sinope-amisos amisos-trapezous amisos-mazaka
trapezous-phasis gordion-kelainai kelainai-side side-tarsos mazaka-tarsos mazaka-arbela
tarsos-antiocheia antiocheia-byblos antiocheia-damaskos byblos-sidon sidon-tyros sidon-damaskos
tyros-gaza gaza-hierosolyma hierosolyma-damaskos damaskos-palmyra palmyra-babylon
arbela-babylon
astakos-pergamon pergamon-sardeis sardeis-ephesos ephesos-miletos miletos-halikarnassos
sardeis-kelainai astakos-gordion
athenai-megara athenai-thebai megara-korinthos thebai-chalkis thebai-delfoi thebai-larisa
korinthos-argos argos-sparta korinthos-elis elis-sparta delfoi-ambrakia larisa-pella
pella-thessalonike thessalonike-amphipolis amphipolis-abdera abdera-byzantion
byzantion-odessos pella-dyrrachion pella-ambrakia
odessos-istros istros-tyras tyras-olbia olbia-chersonesos chersonesos-pantikapaion
phanagoria-dioskourias dioskourias-phasis
siscia-carnuntum siscia-sirmium siscia-salonae ravenna-siscia
salonae-narona narona-scodra scodra-dyrrachion
roma-tarquinii tarquinii-pisae roma-capua roma-ancona capua-neapolis capua-terentum
terentum-brundisium neapolis-reghium ancona-ravenna ravenna-placentia
panormos-messana messana-syracusae syracusae-panormos turris_libyssonis-nora
"""

COASTAL = """
gesoriacum-londinium gadir-tingis carthago-panormos utica-nora aleria-turris_libyssonis
roma-aleria messana-reghium brundisium-dyrrachion delfoi-korinthos kerkyra-ambrakia
athenai-naxos chalkis-chios naxos-samos naxos-knossos sparta-knossos knossos-rhodos
rhodos-halikarnassos samos-miletos chios-ephesos chios-mytilene mytilene-pergamon
byzantion-astakos pantikapaion-phanagoria salamis-tarsos salamis-antiocheia
"""

BARBARIAN = """
conii-olisipo conii-hispalis conii-gadir conii-gallaeci
gallaeci-olisipo gallaeci-helmantica gallaeci-asturi
asturi-helmantica asturi-pallantia asturi-numantia asturi-vascones
vascones-numantia vascones-pallantia vascones-osca vascones-aquitani
aquitani-burdigala aquitani-gergovia aquitani-osca aquitani-allobroges
allobroges-gergovia allobroges-vesontio allobroges-massilia allobroges-nicaea
allobroges-placentia allobroges-ligures allobroges-suevi
ligures-genua ligures-nicaea ligures-pisae ligures-placentia
massaesyli_numidae-siga massaesyli_numidae-iol massaesyli_numidae-cirta
massaesyli_numidae-rusicade massaesyli_numidae-massylii_numidae
massylii_numidae-cirta massylii_numidae-theveste massylii_numidae-hippo_regius
massylii_numidae-capsa massylii_numidae-garamantes_lybies
garamantes_lybies-capsa garamantes_lybies-euhesperides garamantes_lybies-masamones_lybies
masamones_lybies-euhesperides masamones_lybies-taucheira masamones_lybies-barke
masamones_lybies-libu_lybies
libu_lybies-kyrene libu_lybies-apollonia libu_lybies-alexandreia
arabes_nabateai-gaza arabes_nabateai-hierosolyma arabes_nabateai-damaskos
arabes_nabateai-palmyra arabes_nabateai-babylon arabes_nabateai-pelousion
lykios-halikarnassos lykios-miletos lykios-kelainai lykios-side
kimmerioi-ankyra kimmerioi-gordion kimmerioi-sinope kimmerioi-amisos kimmerioi-mazaka
kimmerioi-trapezous
trakhios-pella trakhios-amphipolis trakhios-abdera trakhios-byzantion trakhios-odessos
trakhios-dakoi
dakoi-istros dakoi-tyras dakoi-sirmium dakoi-carpi dakoi-marcomanni
carpi-tyras carpi-olbia carpi-skythis
skythis-olbia skythis-chersonesos skythis-pantikapaion skythis-phanagoria
marcomanni-carnuntum marcomanni-suevi
suevi-vesontio suevi-durocortorum suevi-batavi
batavi-gesoriacum batavi-durocortorum
britanni-londinium britanni-camulodunum britanni-eburacum britanni-picti britanni-iverni
picti-eburacum picti-iverni iverni-eburacum
"""

# Board projection: equirectangular around 38° N, in board units (100 per degree of latitude).
BOUNDS = {"west": -1100, "east": 5000, "north": 5800, "south": 2200}
X_PER_DEGREE = round(100 * math.cos(math.radians(38)))  # 79
Y_PER_DEGREE = 100
CROWDED = 60  # board units: a closer neighbour moves a city's label off the default east side
ANCHORS = {"n": (0, -1), "ne": (1, -1), "e": (1, 0), "se": (1, 1), "s": (0, 1), "sw": (-1, 1),
           "w": (-1, 0), "nw": (-1, -1)}


def rows(table: str) -> list[list[str]]:
    """The `|`-separated rows of one table (a trailing backslash continues a row)."""
    text = table.replace("\\\n", "")
    return [[cell.strip() for cell in line.split("|")] for line in text.strip().splitlines()]


def pairs(table: str) -> list[tuple[str, str]]:
    """The `a-b` route pairs of one table, in order."""
    return [(a, b) for a, b in (word.split("-") for word in table.split())]


def hundredths(lon: float, lat: float) -> tuple[int, int]:
    """A position in integer hundredths of a degree."""
    return round(lon * 100), round(lat * 100)


def read_hanson(path: Path) -> dict[str, tuple[int, int]]:
    """Hanson's positions by exact ancient name."""
    with path.open(encoding="utf-8", newline="") as handle:
        return {row["ancient_name"]: hundredths(float(row["lon"]), float(row["lat"]))
                for row in csv.DictReader(handle)}


def position(source: str, hanson: dict[str, tuple[int, int]]) -> tuple[tuple[int, int], str]:
    """A city's position and a short note naming where it came from."""
    kind, _, value = source.partition(":")
    if kind == "h":
        if value not in hanson:
            raise SystemExit(f"no Hanson entry named {value!r}")
        return hanson[value], f"Hanson, {value}"
    lon, lat = (float(part) for part in value.split(","))
    return hundredths(lon, lat), "Pleiades"


def flow(value: object) -> str:
    """A scalar or list in YAML flow style (JSON strings are valid YAML)."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, list | tuple):
        return "[" + ", ".join(flow(item) for item in value) + "]"
    if isinstance(value, str) and value.replace("_", "").isalnum() and value.isascii():
        return value
    return json.dumps(value, ensure_ascii=False)


def mapping(fields: Mapping[str, object]) -> str:
    """A one-line YAML flow mapping."""
    return "{" + ", ".join(f"{key}: {flow(value)}" for key, value in fields.items()) + "}"


def city_entries(hanson: dict[str, tuple[int, int]]) -> list[dict[str, object]]:
    """Every city with its resolved position."""
    entries = []
    for cid, name, province, size, port, source, aliases in rows(CITIES):
        geo, note = position(source, hanson)
        entries.append({"id": cid, "name": name, "province": province, "size": int(size),
                        "port": port == "y", "geo": geo, "note": note,
                        "aliases": [a.strip() for a in aliases.split(",") if a.strip()]})
    return entries


def barbarian_entries() -> list[dict[str, object]]:
    """Every barbarian area."""
    entries = []
    for aid, name, strength, where, aliases in rows(BARBARIANS):
        lon, lat = (float(part) for part in where.split(","))
        entries.append({"id": aid, "name": name, "strength": int(strength),
                        "geo": hundredths(lon, lat),
                        "aliases": [a.strip() for a in aliases.split(",") if a.strip()]})
    return entries


def map_yaml(cities: list[dict[str, object]], areas: list[dict[str, object]]) -> str:
    """The text of map.yaml."""
    out = ["# Mediterranean Empires: the map's geography (rules data). Written by",
           "# tools/author_map.py; schema in docs/content-schema.md, sources and decisions in",
           "# SOURCES.md (\"Map\"). geo = [longitude, latitude] in hundredths of a degree.",
           "provinces:"]
    out += [f"  {pid}: {mapping({'name': name})}" for pid, name, _, _ in rows(PROVINCES)]
    out.append("cities:")
    for pid, name, _, _ in rows(PROVINCES):
        members = [c for c in cities if c["province"] == pid]
        out.append(f"  # {name}: {len(members)} cities")
        for city in members:
            fields = {k: city[k] for k in ("name", "province", "size", "port", "geo")}
            if city["aliases"]:
                fields["aliases"] = city["aliases"]
            out.append(f"  {city['id']}: {mapping(fields)}  # geo: {city['note']}")
    out.append("barbarian_areas:  # strength = dice; geo = the people's heartland (our estimate)")
    for area in areas:
        fields = {k: area[k] for k in ("name", "strength", "geo")}
        if area["aliases"]:
            fields["aliases"] = area["aliases"]
        out.append(f"  {area['id']}: {mapping(fields)}")
    out.append("routes:  # undirected; each pair once")
    for kind, table in (("land", LAND), ("coastal", COASTAL), ("barbarian", BARBARIAN)):
        out.append(f"  {kind}:")
        out += [f"    - [{a}, {b}]" for a, b in pairs(table)]
    return "\n".join(out) + "\n"


def project(geo: tuple[int, int]) -> tuple[int, int]:
    """Board position of a geo position (same formula as the loader's Projection)."""
    x = (geo[0] - BOUNDS["west"]) * X_PER_DEGREE // 100
    y = (BOUNDS["north"] - geo[1]) * Y_PER_DEGREE // 100
    return x, y


def label_anchors(cities: list[dict[str, object]]) -> dict[str, str]:
    """For crowded cities, the compass side whose label spot is farthest from other cities."""
    points = {str(c["id"]): project(c["geo"]) for c in cities}  # type: ignore[arg-type]
    anchors = {}
    for cid, (x, y) in points.items():
        others = [p for other, p in points.items() if other != cid]
        if min(math.dist((x, y), p) for p in others) >= CROWDED:
            continue

        def clearance(side: str, x: int = x, y: int = y, others: list = others) -> float:
            dx, dy = ANCHORS[side]
            spot = (x + dx * 40, y + dy * 25)
            return min(math.dist(spot, p) for p in others)

        best = max(ANCHORS, key=clearance)
        if best != "e":
            anchors[cid] = best
    return anchors


def province_label(pid: str, fixed: str, cities: list[dict[str, object]]) -> tuple[int, int]:
    """A fixed label position, or the mean position of the province's cities."""
    if fixed:
        lon, lat = (int(part) for part in fixed.split(","))
        return lon, lat
    geos = [c["geo"] for c in cities if c["province"] == pid]
    return (sum(g[0] for g in geos) // len(geos),  # type: ignore[index]
            sum(g[1] for g in geos) // len(geos))  # type: ignore[index]


def layout_yaml(cities: list[dict[str, object]], areas: list[dict[str, object]]) -> str:
    """The text of layout.yaml."""
    projection = {"kind": "equirectangular", **BOUNDS, "x_per_degree": X_PER_DEGREE,
                  "y_per_degree": Y_PER_DEGREE}
    out = ["# Mediterranean Empires: how the map is drawn (presentation only; no rule reads it).",
           "# Written by tools/author_map.py; schema in docs/content-schema.md.",
           "# Positions are [longitude, latitude] in hundredths of a degree, as in map.yaml.",
           "# x = (lon - west) * x_per_degree / 100, y = (north - lat) * y_per_degree / 100;",
           "# x_per_degree = 100 * cos(38 deg), so shapes are true around the Mediterranean.",
           f"projection: {mapping(projection)}",
           "provinces:"]
    for pid, _, colour, fixed in rows(PROVINCES):
        style = {"colour": colour, "label": province_label(pid, fixed, cities)}
        out.append(f"  {pid}: {mapping(style)}")
    out.append("barbarian_areas:")
    out += [f"  {a['id']}: {mapping({'label': a['geo']})}" for a in areas]
    out.append("city_labels:  # only crowded cities; every other label sits east (e) of its city")
    out += [f"  {cid}: {side}" for cid, side in sorted(label_anchors(cities).items())]
    return "\n".join(out) + "\n"


def main(argv: list[str] | None = None) -> int:
    """Write map.yaml and layout.yaml from the tables above and the Hanson CSV."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("csv", type=Path, help="ancient-cities-hanson2016.csv")
    parser.add_argument("--out", type=Path, default=Path("scenarios/mediterranean_empires"))
    args = parser.parse_args(argv)
    cities = city_entries(read_hanson(args.csv))
    areas = barbarian_entries()
    (args.out / "map.yaml").write_text(map_yaml(cities, areas), encoding="utf-8")
    (args.out / "layout.yaml").write_text(layout_yaml(cities, areas), encoding="utf-8")
    print(f"wrote {len(cities)} cities, {len(areas)} barbarian areas to {args.out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
