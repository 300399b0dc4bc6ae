<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="fr_FR">
<context>
    <name></name>
    <message>
        <location filename="../paper_forms.py" line="99"/>
        <source>Write the word numbers of each error, then minor or major (for example: 2-3 major); &apos;missing&apos; if something was left out.</source>
        <translation>Écrivez les numéros des mots de chaque erreur, puis minor (mineure) ou major (majeure) (par exemple : 2-3 major) ; « missing » s’il manque quelque chose.</translation>
    </message>
    <message>
        <location filename="../paper_forms.py" line="104"/>
        <source>or a number from 0 to 100:</source>
        <translation>ou un nombre de 0 à 100 :</translation>
    </message>
    <message>
        <location filename="../paper_forms.py" line="117"/>
        <source>Marks proposed before you read: each stays on your answer unless you tick “drop”.</source>
        <translation>Marques proposées avant la lecture : chacune reste dans votre réponse, sauf si vous cochez « retirer ».</translation>
    </message>
    <message>
        <location filename="../paper_forms.py" line="118"/>
        <source>drop</source>
        <translation>retirer</translation>
    </message>
    <message>
        <location filename="../paper_forms.py" line="118"/>
        <source>words</source>
        <translation>mots</translation>
    </message>
    <message>
        <location filename="../paper_forms.py" line="139"/>
        <source>The answers belong to {0} ({1}); uses allowed: {2}.</source>
        <translation>Les réponses appartiennent à {0} ({1}) ; usages permis : {2}.</translation>
    </message>
    <message>
        <location filename="../qt_common.py" line="375"/>
        <source>LYSS Desktop</source>
        <translation>LYSS Desktop</translation>
    </message>
    <message>
        <location filename="../qt_common.py" line="393"/>
        <source>Something went wrong: {0}. Your answers are safe: each one was saved when you gave it.</source>
        <translation>Un problème est survenu : {0}. Vos réponses sont en sécurité : chacune a été enregistrée au moment où vous l’avez donnée.</translation>
    </message>
    <message>
        <location filename="../community_report.py" line="158"/>
        <location filename="../community_report.py" line="308"/>
        <source>What the speakers&apos; ratings say: {0}</source>
        <translation>Ce que disent les évaluations des locuteurs : {0}</translation>
    </message>
    <message>
        <location filename="../community_report.py" line="168"/>
        <source>The questions and their answers</source>
        <translation>Les questions et leurs réponses</translation>
    </message>
    <message>
        <location filename="../community_report.py" line="175"/>
        <source>This campaign asks no question of its runs.</source>
        <translation>Cette campagne ne pose aucune question sur ses versions.</translation>
    </message>
    <message>
        <location filename="../community_report.py" line="178"/>
        <source>Each run&apos;s tier</source>
        <translation>Le niveau de chaque version</translation>
    </message>
    <message>
        <location filename="../community_report.py" line="187"/>
        <source>How sure the answers are</source>
        <translation>À quel point les réponses sont sûres</translation>
    </message>
    <message>
        <location filename="../community_report.py" line="200"/>
        <source>Who answered</source>
        <translation>Qui a répondu</translation>
    </message>
    <message>
        <location filename="../community_report.py" line="211"/>
        <source>Consent</source>
        <translation>Consentement</translation>
    </message>
    <message>
        <location filename="../community_report.py" line="115"/>
        <source>sentences answered</source>
        <translation>phrases répondues</translation>
    </message>
    <message>
        <location filename="../community_report.py" line="116"/>
        <source>verdict after {0}</source>
        <translation>verdict après {0}</translation>
    </message>
    <message>
        <location filename="../community_report.py" line="136"/>
        <source>No verdict on this pair yet.</source>
        <translation>Pas encore de verdict pour cette paire.</translation>
    </message>
    <message>
        <location filename="../community_report.py" line="139"/>
        <source>the band lies wholly between {0} and {1}</source>
        <translation>la bande se trouve tout entière entre {0} et {1}</translation>
    </message>
    <message>
        <location filename="../community_report.py" line="142"/>
        <source>the band lies wholly above {0}</source>
        <translation>la bande se trouve tout entière au-dessus de {0}</translation>
    </message>
    <message>
        <location filename="../community_report.py" line="143"/>
        <source>the band lies wholly below {0}</source>
        <translation>la bande se trouve tout entière au-dessous de {0}</translation>
    </message>
    <message>
        <location filename="../community_report.py" line="145"/>
        <source>The verdict came once {0}: after {1} sentences.</source>
        <translation>Le verdict est venu quand {0} : après {1} phrases.</translation>
    </message>
    <message>
        <location filename="../community_report.py" line="146"/>
        <source>The verdict comes once {0}.</source>
        <translation>Le verdict viendra quand {0}.</translation>
    </message>
    <message>
        <location filename="../community_report.py" line="150"/>
        <source>{0} compared with {1}: the band holds how much better {0} is (below 0: worse).</source>
        <translation>{0} comparé à {1} : la bande indique de combien {0} est meilleur (sous 0 : moins bon).</translation>
    </message>
    <message>
        <location filename="../community_report.py" line="159"/>
        <source>Made on {0}. Answers: {1}. Items to rate in the campaign: {2}.</source>
        <translation>Fait le {0}. Réponses : {1}. Éléments à évaluer dans la campagne : {2}.</translation>
    </message>
    <message>
        <location filename="../community_report.py" line="161"/>
        <source>How to read this</source>
        <translation>Comment lire ce rapport</translation>
    </message>
    <message>
        <location filename="../community_report.py" line="162"/>
        <source>A run is one system&apos;s translations of the test sentences; an item is one translation a speaker rates. Each verdict rests on an interval: the range the true value lies in, as sure as the campaign set (95 % unless it says otherwise). “A − B lies between −2 and +47” means that A may be up to 2 points worse than B, or up to 47 points better: nothing more precise is known yet. A verdict is given only when its interval allows no other answer; until then the question is open.</source>
        <translation>Une version est l&apos;ensemble des traductions d&apos;un système pour les phrases du test ; un élément est une traduction qu&apos;un locuteur évalue. Chaque verdict repose sur un intervalle : l&apos;étendue où se trouve la vraie valeur, avec la certitude fixée par la campagne (95 % sauf mention contraire). « A − B se situe entre −2 et +47 » veut dire que A peut être jusqu&apos;à 2 points moins bon que B, ou jusqu&apos;à 47 points meilleur : on n&apos;en sait pas plus pour l&apos;instant. Un verdict n&apos;est donné que lorsque son intervalle ne permet aucune autre réponse ; jusque-là la question reste ouverte.</translation>
    </message>
    <message>
        <location filename="../community_report.py" line="188"/>
        <source>Each picture follows one comparison, sentence by sentence. The blue band is where the true difference between the two runs lies, sure at the level the campaign set, checked after every sentence; it narrows as speakers answer. The green zone, between its dashed edges, is where the band had to lie for the verdict written above the picture; the dotted line marks the sentence after which it did.</source>
        <translation>Chaque image suit une comparaison, phrase par phrase. La bande bleue est l&apos;endroit où se trouve la vraie différence entre les deux versions, avec la certitude fixée par la campagne, vérifiée après chaque phrase ; elle se resserre à mesure que les locuteurs répondent. La zone verte, entre ses bords en tirets, est l&apos;endroit où la bande devait se trouver pour le verdict écrit au-dessus de l&apos;image ; la ligne pointillée marque la phrase après laquelle elle y était.</translation>
    </message>
    <message>
        <location filename="../community_report.py" line="201"/>
        <source>Speakers who answered: {0} (their names are not in this report). Answers: {1}. Time in front of the app: {2} h.</source>
        <translation>Locuteurs qui ont répondu : {0} (leurs noms ne figurent pas dans ce rapport). Réponses : {1}. Temps devant l&apos;application : {2} h.</translation>
    </message>
    <message>
        <location filename="../community_report.py" line="205"/>
        <source>Answers given on paper forms (their time is not recorded): {0}.</source>
        <translation>Réponses données sur formulaires papier (leur durée n&apos;est pas enregistrée) : {0}.</translation>
    </message>
    <message>
        <location filename="../community_report.py" line="208"/>
        <source>Answers keyed in without the app&apos;s screen (their time is not recorded): {0}.</source>
        <translation>Réponses saisies sans l&apos;écran de l&apos;application (leur durée n&apos;est pas enregistrée) : {0}.</translation>
    </message>
    <message>
        <location filename="../community_report.py" line="212"/>
        <source>“{0}” — speakers who gave it: {1}</source>
        <translation>« {0} » — locuteurs qui l&apos;ont donné : {1}</translation>
    </message>
    <message>
        <location filename="../community_report.py" line="213"/>
        <source>No speaker has answered yet.</source>
        <translation>Aucun locuteur n&apos;a encore répondu.</translation>
    </message>
    <message>
        <location filename="../community_report.py" line="222"/>
        <source>a phrase of another sentence swapped in</source>
        <translation>un passage d’une autre phrase mis à la place</translation>
    </message>
    <message>
        <location filename="../community_report.py" line="223"/>
        <source>one word in a wrong form of the language&apos;s grammar</source>
        <translation>un mot à une forme fautive selon la grammaire de la langue</translation>
    </message>
    <message>
        <location filename="../community_report.py" line="225"/>
        <source>Attention items</source>
        <translation>Éléments de contrôle de l’attention</translation>
    </message>
    <message>
        <location filename="../community_report.py" line="226"/>
        <source>Some items were made wrong on purpose ({0}). A speaker catches one by rating it lower than the translation it was made from, or by marking the word. It shows whether a speaker hears such an error; it does not measure how well they judge translations.</source>
        <translation>Certains éléments ont été rendus fautifs exprès ({0}). Un locuteur en repère un quand il le note plus bas que la traduction dont il est tiré, ou quand il marque le mot. Cela montre si un locuteur entend une telle erreur ; cela ne mesure pas la justesse de ses jugements sur les traductions.</translation>
    </message>
    <message>
        <location filename="../community_report.py" line="230"/>
        <source>{0}: caught {1} of {2} ({3} %; 95 % interval {4}–{5} %).</source>
        <comment>one</comment>
        <translation>{0} : {1} repéré sur {2} ({3} % ; intervalle à 95 % : {4}–{5} %).</translation>
    </message>
    <message>
        <location filename="../community_report.py" line="231"/>
        <source>{0}: caught {1} of {2} ({3} %; 95 % interval {4}–{5} %).</source>
        <comment>other</comment>
        <translation>{0} : {1} repérés sur {2} ({3} % ; intervalle à 95 % : {4}–{5} %).</translation>
    </message>
    <message>
        <location filename="../community_report.py" line="233"/>
        <location filename="../community_report.py" line="240"/>
        <source>swapped phrase</source>
        <translation>passage échangé</translation>
    </message>
    <message>
        <location filename="../community_report.py" line="235"/>
        <source>Speakers below the campaign&apos;s {0} %: {1} of {2} (shown to the coordinator; their answers are kept).</source>
        <translation>Locuteurs sous les {0} % de la campagne : {1} sur {2} (signalés au coordinateur ; leurs réponses sont gardées).</translation>
    </message>
    <message>
        <location filename="../community_report.py" line="239"/>
        <source>{0} {1} of {2} ({3}–{4} %)</source>
        <translation>{0} {1} sur {2} ({3}–{4} %)</translation>
    </message>
    <message>
        <location filename="../community_report.py" line="242"/>
        <source>Speaker {0}: caught {1} of {2} ({3} %; 95 % interval {4}–{5} %): {6}.</source>
        <comment>one</comment>
        <translation>Locuteur {0} : {1} repéré sur {2} ({3} % ; intervalle à 95 % : {4}–{5} %) : {6}.</translation>
    </message>
    <message>
        <location filename="../community_report.py" line="244"/>
        <source>Speaker {0}: caught {1} of {2} ({3} %; 95 % interval {4}–{5} %): {6}.</source>
        <comment>other</comment>
        <translation>Locuteur {0} : {1} repérés sur {2} ({3} % ; intervalle à 95 % : {4}–{5} %) : {6}.</translation>
    </message>
    <message>
        <location filename="../community_report.py" line="247"/>
        <source>Below the campaign&apos;s rate.</source>
        <translation>Sous le taux de la campagne.</translation>
    </message>
    <message>
        <location filename="../community_report.py" line="254"/>
        <source>The community&apos;s terms</source>
        <translation>Les conditions de la communauté</translation>
    </message>
    <message>
        <location filename="../community_report.py" line="256"/>
        <source>This campaign carries no community&apos;s terms.</source>
        <translation>Cette campagne ne porte pas de conditions d’une communauté.</translation>
    </message>
    <message>
        <location filename="../community_report.py" line="257"/>
        <source>Whose data: {0}. Licence: {1}.</source>
        <translation>À qui sont les données : {0}. Licence : {1}.</translation>
    </message>
    <message>
        <location filename="../community_report.py" line="260"/>
        <source>Uses the community allows: {0}.</source>
        <translation>Usages que la communauté permet : {0}.</translation>
    </message>
    <message>
        <location filename="../community_report.py" line="261"/>
        <source>allowed</source>
        <translation>permis</translation>
    </message>
    <message>
        <location filename="../community_report.py" line="261"/>
        <source>refused</source>
        <translation>refusé</translation>
    </message>
    <message>
        <location filename="../community_report.py" line="262"/>
        <source>{0}: {1} by {2} on {3} — the decision that stands.</source>
        <translation>{0} : {1} par {2} le {3} — la décision qui s&apos;applique.</translation>
    </message>
    <message>
        <location filename="../community_report.py" line="263"/>
        <source>{0}: {1} by {2} on {3} — corrected by a later decision.</source>
        <translation>{0} : {1} par {2} le {3} — corrigée par une décision ultérieure.</translation>
    </message>
    <message>
        <location filename="../community_report.py" line="264"/>
        <source>{0}: {1} by {2} on {3} — earlier: a later decision stands.</source>
        <translation>{0} : {1} par {2} le {3} — antérieure : une décision plus récente s&apos;applique.</translation>
    </message>
    <message>
        <location filename="../community_report.py" line="273"/>
        <source>Where the answers are kept</source>
        <translation>Où les réponses sont conservées</translation>
    </message>
    <message>
        <location filename="../community_report.py" line="274"/>
        <source>On this laptop ({0}): {1}, and its backups in {2}.</source>
        <translation>Sur cet ordinateur ({0}) : {1}, et ses sauvegardes dans {2}.</translation>
    </message>
    <message>
        <location filename="../community_report.py" line="276"/>
        <source>Shared with the other laptops through the folder {0}.</source>
        <translation>Partagées avec les autres ordinateurs par le dossier {0}.</translation>
    </message>
    <message>
        <location filename="../community_report.py" line="277"/>
        <source>No shared folder is set up on this laptop: answers travel by bundle (USB stick).</source>
        <translation>Aucun dossier partagé n&apos;est configuré sur cet ordinateur : les réponses voyagent par paquet (clé USB).</translation>
    </message>
    <message>
        <location filename="../community_report.py" line="279"/>
        <source>Laptop of the campaign: {0}</source>
        <translation>Ordinateur de la campagne : {0}</translation>
    </message>
    <message>
        <location filename="../community_report.py" line="281"/>
        <source>revoked from {0}</source>
        <translation>révoqué à partir de {0}</translation>
    </message>
    <message>
        <location filename="../community_report.py" line="283"/>
        <source>A speaker who withdraws is deleted from every laptop of the campaign, backups included.</source>
        <translation>Un locuteur qui se retire est effacé de chaque ordinateur de la campagne, sauvegardes comprises.</translation>
    </message>
</context>
<context>
    <name>CampaignPage</name>
    <message>
        <location filename="../review_panel.py" line="214"/>
        <source>Tasks</source>
        <translation>Tâches</translation>
    </message>
    <message>
        <location filename="../review_panel.py" line="214"/>
        <source>Choose a task with the arrow keys and press Enter</source>
        <translation>Choisissez une tâche avec les flèches et appuyez sur Entrée</translation>
    </message>
    <message>
        <location filename="../review_panel.py" line="218"/>
        <source>Sign out</source>
        <translation>Se déconnecter</translation>
    </message>
    <message>
        <location filename="../review_panel.py" line="220"/>
        <source>Start or continue  (Enter)</source>
        <translation>Commencer ou continuer  (Entrée)</translation>
    </message>
    <message>
        <location filename="../review_panel.py" line="242"/>
        <source>Welcome, {0}. Choose a task:</source>
        <translation>Bienvenue, {0}. Choisissez une tâche :</translation>
    </message>
    <message>
        <location filename="../review_panel.py" line="246"/>
        <source>{0} of {1} done</source>
        <translation>{0} sur {1} faits</translation>
    </message>
    <message>
        <location filename="../review_panel.py" line="246"/>
        <source>not started</source>
        <translation>pas commencé</translation>
    </message>
    <message>
        <location filename="../review_panel.py" line="248"/>
        <source>{0} done; more as the decisions need them</source>
        <translation>{0} faits ; d&apos;autres selon les besoins des décisions</translation>
    </message>
    <message>
        <location filename="../review_panel.py" line="250"/>
        <source>not offered: this laptop is not enrolled in it: lyss review enrol {0} --campaign {1}</source>
        <translation>non proposée : cet ordinateur n&apos;y est pas inscrit : lyss review enrol {0} --campaign {1}</translation>
    </message>
    <message>
        <location filename="../review_panel.py" line="257"/>
        <source>Ask the campaign&apos;s coordinator to enrol this laptop in it; once the enrolment arrives, the campaign is offered here.</source>
        <translation>Demandez au coordinateur de la campagne d&apos;y inscrire cet ordinateur ; dès que l&apos;inscription arrive, la campagne est proposée ici.</translation>
    </message>
</context>
<context>
    <name>CampaignPanel</name>
    <message>
        <location filename="../campaign_panel.py" line="104"/>
        <source>Task of the new campaign</source>
        <translation>Tâche de la nouvelle campagne</translation>
    </message>
    <message>
        <location filename="../campaign_panel.py" line="106"/>
        <source>Task {0}: {1}</source>
        <translation>Tâche {0} : {1}</translation>
    </message>
    <message>
        <location filename="../campaign_panel.py" line="129"/>
        <source>Create campaign from a scored run…</source>
        <translation>Créer une campagne à partir d’un run évalué…</translation>
    </message>
    <message>
        <location filename="../campaign_panel.py" line="130"/>
        <source>Adaptive campaign from several runs…</source>
        <translation>Campagne adaptative sur plusieurs runs…</translation>
    </message>
    <message>
        <location filename="../campaign_panel.py" line="131"/>
        <source>One scored run card per system, on the same test set: speakers are served only what is still undecided</source>
        <translation>Une carte de run évaluée par système, sur le même jeu de test : les locuteurs ne reçoivent que ce qui reste à décider</translation>
    </message>
    <message>
        <location filename="../campaign_panel.py" line="152"/>
        <source>Withdraw selected speaker…</source>
        <translation>Retirer le locuteur choisi…</translation>
    </message>
    <message>
        <location filename="../campaign_panel.py" line="107"/>
        <location filename="../campaign_panel.py" line="109"/>
        <source>Hint at the words the analyser rejected (task E)</source>
        <translation>Signaler les mots que l’analyseur a rejetés (tâche E)</translation>
    </message>
    <message>
        <location filename="../campaign_panel.py" line="108"/>
        <location filename="../campaign_panel.py" line="110"/>
        <source>Off by default, so that the speakers judge without the analyser&apos;s opinion</source>
        <translation>Désactivé par défaut, pour que les locuteurs jugent sans l’avis de l’analyseur</translation>
    </message>
    <message>
        <location filename="../campaign_panel.py" line="146"/>
        <source>Campaigns</source>
        <translation>Campagnes</translation>
    </message>
    <message>
        <location filename="../campaign_panel.py" line="147"/>
        <source>Choose a campaign to see each speaker&apos;s progress</source>
        <translation>Choisissez une campagne pour voir l’avancement de chaque locuteur</translation>
    </message>
    <message>
        <location filename="../campaign_panel.py" line="149"/>
        <source>Speakers&apos; progress in the chosen campaign</source>
        <translation>Avancement des locuteurs dans la campagne choisie</translation>
    </message>
    <message>
        <location filename="../campaign_panel.py" line="161"/>
        <source>Decisions in the chosen campaign</source>
        <translation>Décisions de la campagne choisie</translation>
    </message>
    <message>
        <location filename="../campaign_panel.py" line="162"/>
        <source>Which system is better and each run&apos;s tier, as the answers settle them</source>
        <translation>Quel système est meilleur et le niveau de chaque run, à mesure que les réponses les tranchent</translation>
    </message>
    <message>
        <location filename="../campaign_panel.py" line="179"/>
        <source>Task</source>
        <translation>Tâche</translation>
    </message>
    <message>
        <location filename="../campaign_panel.py" line="179"/>
        <source>Campaign</source>
        <translation>Campagne</translation>
    </message>
    <message>
        <location filename="../campaign_panel.py" line="179"/>
        <source>Items</source>
        <translation>Éléments</translation>
    </message>
    <message>
        <location filename="../campaign_panel.py" line="180"/>
        <source>Fully rated</source>
        <translation>Entièrement évalués</translation>
    </message>
    <message>
        <location filename="../campaign_panel.py" line="199"/>
        <source>Speaker</source>
        <translation>Locuteur</translation>
    </message>
    <message>
        <location filename="../campaign_panel.py" line="199"/>
        <source>Name (this laptop)</source>
        <translation>Nom (sur cet ordinateur)</translation>
    </message>
    <message>
        <location filename="../campaign_panel.py" line="199"/>
        <source>Answered</source>
        <translation>Répondu</translation>
    </message>
    <message>
        <location filename="../campaign_panel.py" line="199"/>
        <source>Of</source>
        <translation>Sur</translation>
    </message>
    <message>
        <location filename="../campaign_panel.py" line="225"/>
        <source>refused</source>
        <translation>refusé</translation>
    </message>
    <message>
        <location filename="../campaign_panel.py" line="44"/>
        <source>The coordinator&apos;s pages</source>
        <translation>Les pages de la coordination</translation>
    </message>
    <message>
        <location filename="../campaign_panel.py" line="48"/>
        <source>Campaigns and decisions</source>
        <translation>Campagnes et décisions</translation>
    </message>
    <message>
        <location filename="../campaign_panel.py" line="49"/>
        <source>This laptop and its circle</source>
        <translation>Cet ordinateur et son cercle</translation>
    </message>
    <message>
        <location filename="../campaign_panel.py" line="50"/>
        <source>Sharing answers</source>
        <translation>Partage des réponses</translation>
    </message>
    <message>
        <location filename="../campaign_panel.py" line="112"/>
        <source>Marks placed for the speaker: the language&apos;s tools</source>
        <translation>Marques placées pour le locuteur : les outils de la langue</translation>
    </message>
    <message>
        <location filename="../campaign_panel.py" line="113"/>
        <source>Marks placed for the speaker: the tools and the reference</source>
        <translation>Marques placées pour le locuteur : les outils et la référence</translation>
    </message>
    <message>
        <location filename="../campaign_panel.py" line="114"/>
        <source>No marks placed for the speaker</source>
        <translation>Aucune marque placée pour le locuteur</translation>
    </message>
    <message>
        <location filename="../campaign_panel.py" line="116"/>
        <source>Pre-marks of a task E campaign</source>
        <translation>Pré-marques d&apos;une campagne de tâche E</translation>
    </message>
    <message>
        <location filename="../campaign_panel.py" line="117"/>
        <source>Candidate errors placed before the speaker sees a sentence; the speaker keeps, drops or re-grades each</source>
        <translation>Erreurs candidates placées avant que le locuteur voie une phrase ; il garde, retire ou reclasse chacune</translation>
    </message>
    <message>
        <location filename="../campaign_panel.py" line="153"/>
        <source>The speaker chosen on the right leaves the study: their answers are deleted here, in the backups and, through the next bundles, on every laptop</source>
        <translation>La personne choisie à droite quitte l&apos;étude : ses réponses sont supprimées ici, dans les sauvegardes et, par les prochains paquets, sur chaque ordinateur</translation>
    </message>
    <message>
        <location filename="../campaign_panel.py" line="155"/>
        <source>Report for the community…</source>
        <translation>Rapport pour la communauté…</translation>
    </message>
    <message>
        <location filename="../campaign_panel.py" line="156"/>
        <source>A PDF a community council can read: each question&apos;s verdict in words, how sure the answers are, each run&apos;s tier, the speakers&apos; hours (no names), their consent and where the answers are kept</source>
        <translation>Un PDF qu&apos;un conseil communautaire peut lire : le verdict de chaque question en mots, à quel point les réponses sont sûres, le niveau de chaque version, les heures des locuteurs (sans noms), leur consentement et où les réponses sont conservées</translation>
    </message>
    <message>
        <location filename="../campaign_panel.py" line="226"/>
        <source>{0}: {1} by {2} on {3} (stands)</source>
        <translation>{0} : {1} par {2} le {3} (s&apos;applique)</translation>
    </message>
    <message>
        <location filename="../campaign_panel.py" line="228"/>
        <source>{0}: {1} by {2} on {3} (earlier)</source>
        <translation>{0} : {1} par {2} le {3} (antérieure)</translation>
    </message>
    <message>
        <location filename="../campaign_panel.py" line="243"/>
        <source>Working out where the campaign stands…</source>
        <translation>Calcul de l’état de la campagne…</translation>
    </message>
    <message>
        <location filename="../campaign_panel.py" line="273"/>
        <source>What the answers settle</source>
        <translation>Ce que les réponses tranchent</translation>
    </message>
    <message>
        <location filename="../campaign_panel.py" line="208"/>
        <location filename="../campaign_panel.py" line="295"/>
        <source>Choose a campaign first.</source>
        <translation>Choisissez d&apos;abord une campagne.</translation>
    </message>
    <message>
        <location filename="../campaign_panel.py" line="298"/>
        <source>Report for the community</source>
        <translation>Rapport pour la communauté</translation>
    </message>
    <message>
        <location filename="../campaign_panel.py" line="299"/>
        <source>PDF (*.pdf)</source>
        <translation>PDF (*.pdf)</translation>
    </message>
    <message>
        <location filename="../campaign_panel.py" line="308"/>
        <source>Wrote the report ({0} pages) to {1}.</source>
        <translation>Rapport écrit ({0} pages) dans {1}.</translation>
    </message>
    <message>
        <location filename="../campaign_panel.py" line="315"/>
        <source>A scored run card</source>
        <translation>Une fiche de run évaluée</translation>
    </message>
    <message>
        <location filename="../campaign_panel.py" line="211"/>
        <location filename="../campaign_panel.py" line="315"/>
        <location filename="../campaign_panel.py" line="328"/>
        <location filename="../campaign_panel.py" line="361"/>
        <source>JSON (*.json)</source>
        <translation>JSON (*.json)</translation>
    </message>
    <message>
        <location filename="../campaign_panel.py" line="342"/>
        <source>Campaign {0} ready.</source>
        <translation>Campagne {0} prête.</translation>
    </message>
    <message>
        <location filename="../campaign_panel.py" line="360"/>
        <source>Scored run cards of one test set</source>
        <translation>Cartes de run évaluées d’un même jeu de test</translation>
    </message>
    <message>
        <location filename="../campaign_panel.py" line="343"/>
        <source>Warning:</source>
        <translation>Attention :</translation>
    </message>
    <message>
        <location filename="../campaign_panel.py" line="119"/>
        <source>Attention items: a phrase of another sentence swapped in</source>
        <translation>Contrôles d’attention : un passage d’une autre phrase mis à la place</translation>
    </message>
    <message>
        <location filename="../campaign_panel.py" line="120"/>
        <source>Attention items: a word in a wrong form of the language&apos;s grammar</source>
        <translation>Contrôles d’attention : un mot à une forme fautive selon la grammaire de la langue</translation>
    </message>
    <message>
        <location filename="../campaign_panel.py" line="123"/>
        <source>Attention items of the new campaign</source>
        <translation>Contrôles d’attention de la nouvelle campagne</translation>
    </message>
    <message>
        <location filename="../campaign_panel.py" line="124"/>
        <source>Items made wrong on purpose, mixed into each speaker&apos;s items: lyss study quality says how often each speaker caught them</source>
        <translation>Des éléments rendus fautifs exprès, mêlés aux éléments de chaque locuteur : lyss study quality dit combien de fois chacun les a repérés</translation>
    </message>
    <message>
        <location filename="../campaign_panel.py" line="158"/>
        <source>Community&apos;s terms…</source>
        <translation>Conditions de la communauté…</translation>
    </message>
    <message>
        <location filename="../campaign_panel.py" line="159"/>
        <source>The community&apos;s terms for the chosen campaign&apos;s data (a JSON file: community, licence, labels, allowed uses, contact): recorded and signed, or a new version of the ones it has</source>
        <translation>Les conditions de la communauté pour les données de la campagne choisie (un fichier JSON : communauté, licence, étiquettes, usages permis, contact) : enregistrées et signées, ou une nouvelle version de celles qu’elle a</translation>
    </message>
    <message>
        <location filename="../campaign_panel.py" line="211"/>
        <source>The community&apos;s terms</source>
        <translation>Les conditions de la communauté</translation>
    </message>
    <message>
        <location filename="../campaign_panel.py" line="216"/>
        <source>Campaign {0}: the community&apos;s terms recorded (version {1}).</source>
        <translation>Campagne {0} : conditions de la communauté enregistrées (version {1}).</translation>
    </message>
    <message>
        <location filename="../campaign_panel.py" line="223"/>
        <source>This campaign carries no community&apos;s terms.</source>
        <translation>Cette campagne ne porte pas de conditions d’une communauté.</translation>
    </message>
    <message>
        <location filename="../campaign_panel.py" line="225"/>
        <source>allowed</source>
        <translation>permis</translation>
    </message>
    <message>
        <location filename="../campaign_panel.py" line="227"/>
        <source>{0}: {1} by {2} on {3} (corrected)</source>
        <translation>{0} : {1} par {2} le {3} (corrigée)</translation>
    </message>
    <message>
        <location filename="../campaign_panel.py" line="231"/>
        <source>The answers belong to {0} ({1}); uses allowed: {2}.</source>
        <translation>Les réponses appartiennent à {0} ({1}) ; usages permis : {2}.</translation>
    </message>
    <message>
        <location filename="../campaign_panel.py" line="233"/>
        <source>Council&apos;s decisions: {0}.</source>
        <translation>Décisions du conseil : {0}.</translation>
    </message>
    <message>
        <location filename="../campaign_panel.py" line="234"/>
        <source>No council&apos;s decision is recorded yet: no use is allowed until one is.</source>
        <translation>Aucune décision du conseil n’est encore enregistrée : aucun usage n’est permis avant.</translation>
    </message>
    <message>
        <location filename="../campaign_panel.py" line="279"/>
        <source>Working…</source>
        <translation>En cours…</translation>
    </message>
    <message>
        <location filename="../campaign_panel.py" line="327"/>
        <source>The community&apos;s terms for this campaign (Cancel: none yet)</source>
        <translation>Les conditions de la communauté pour cette campagne (Annuler : pas encore)</translation>
    </message>
    <message>
        <location filename="../campaign_panel.py" line="344"/>
        <source>The community&apos;s terms: {0}.</source>
        <translation>Conditions de la communauté : {0}.</translation>
    </message>
    <message>
        <location filename="../campaign_panel.py" line="351"/>
        <source>Attention items: phrases swapped in; the language pack made no wrong forms ({0}).</source>
        <translation>Contrôles d’attention : passages échangés ; le module de la langue n’a produit aucune forme fautive ({0}).</translation>
    </message>
    <message>
        <location filename="../campaign_panel.py" line="353"/>
        <source>Attention items: {0} of {1} outputs have a word in a wrong form of the language&apos;s grammar.</source>
        <translation>Contrôles d’attention : {0} traductions sur {1} ont un mot à une forme fautive selon la grammaire de la langue.</translation>
    </message>
    <message>
        <location filename="../campaign_panel.py" line="380"/>
        <source>Every pair and each run&apos;s tier</source>
        <translation>Chaque paire et le palier de chaque système</translation>
    </message>
    <message>
        <location filename="../campaign_panel.py" line="380"/>
        <source>Which system is best</source>
        <translation>Quel système est le meilleur</translation>
    </message>
    <message>
        <location filename="../campaign_panel.py" line="381"/>
        <source>Is the new run at least as good as the one in use</source>
        <translation>Le nouveau système est-il au moins aussi bon que celui en service</translation>
    </message>
    <message>
        <location filename="../campaign_panel.py" line="382"/>
        <source>Every pair, within a margin</source>
        <translation>Chaque paire, à une marge près</translation>
    </message>
    <message>
        <location filename="../campaign_panel.py" line="382"/>
        <source>Does the run reach a mean score</source>
        <translation>Le système atteint-il une note moyenne</translation>
    </message>
    <message>
        <location filename="../campaign_panel.py" line="383"/>
        <source>The campaign&apos;s question</source>
        <translation>La question de la campagne</translation>
    </message>
    <message>
        <location filename="../campaign_panel.py" line="384"/>
        <source>What should the speakers&apos; ratings decide? The campaign serves only what this question still needs.</source>
        <translation>Que doivent trancher les notes des locuteurs ? La campagne ne présente que ce dont cette question a encore besoin.</translation>
    </message>
    <message>
        <location filename="../campaign_panel.py" line="391"/>
        <source>The margin</source>
        <translation>La marge</translation>
    </message>
    <message>
        <location filename="../campaign_panel.py" line="392"/>
        <source>The smallest difference that matters, on the task&apos;s scale:</source>
        <translation>La plus petite différence qui compte, sur l&apos;échelle de la tâche :</translation>
    </message>
    <message>
        <location filename="../campaign_panel.py" line="397"/>
        <source>The run in use</source>
        <translation>Le système en service</translation>
    </message>
    <message>
        <location filename="../campaign_panel.py" line="397"/>
        <source>Which run is in use now?</source>
        <translation>Quel système est en service aujourd&apos;hui ?</translation>
    </message>
    <message>
        <location filename="../campaign_panel.py" line="401"/>
        <source>The tier</source>
        <translation>Le palier</translation>
    </message>
    <message>
        <location filename="../campaign_panel.py" line="402"/>
        <source>The mean score the run must reach, on the task&apos;s scale:</source>
        <translation>La note moyenne que le système doit atteindre, sur l&apos;échelle de la tâche :</translation>
    </message>
    <message>
        <location filename="../campaign_panel.py" line="412"/>
        <source>Withdraw</source>
        <translation>Retirer</translation>
    </message>
    <message>
        <location filename="../campaign_panel.py" line="413"/>
        <source>Withdraw {0} ({1})? Their {2} answers, their history and notes will be deleted here, in this laptop&apos;s {3} backups and wherever this laptop&apos;s bundles go. This cannot be undone.</source>
        <translation>Retirer {0} ({1}) ? Ses {2} réponses, leur historique et ses notes seront supprimés ici, dans les {3} sauvegardes de cet ordinateur et partout où vont ses paquets. C&apos;est irréversible.</translation>
    </message>
    <message>
        <location filename="../campaign_panel.py" line="417"/>
        <source>{0} withdrew; {1} answers deleted here and in {2} backups.</source>
        <translation>{0} s’est retiré(e) ; {1} réponses supprimées ici et dans {2} sauvegardes.</translation>
    </message>
</context>
<context>
    <name>CirclePages</name>
    <message>
        <location filename="../circle_pages.py" line="28"/>
        <source>This laptop&apos;s code: {0}</source>
        <translation>Code de cet ordinateur : {0}</translation>
    </message>
    <message>
        <location filename="../circle_pages.py" line="33"/>
        <source>A coordinator enrols the laptops that may send answers to their campaigns, and revokes a laptop that is lost or stolen. A field laptop trusts its coordinator, so that it accepts their campaigns. Each is done with the other laptop&apos;s code, read out or copied from its own page.</source>
        <translation>La coordination inscrit les ordinateurs qui peuvent envoyer des réponses à ses campagnes, et révoque un ordinateur perdu ou volé. Un ordinateur de terrain fait confiance à sa coordination, pour accepter ses campagnes. Chaque action se fait avec le code de l&apos;autre ordinateur, lu à voix haute ou copié depuis sa propre page.</translation>
    </message>
    <message>
        <location filename="../circle_pages.py" line="37"/>
        <source>Enrol a laptop…</source>
        <translation>Inscrire un ordinateur…</translation>
    </message>
    <message>
        <location filename="../circle_pages.py" line="38"/>
        <source>Let another laptop send answers to the campaigns you coordinate</source>
        <translation>Permettre à un autre ordinateur d’envoyer des réponses aux campagnes que vous coordonnez</translation>
    </message>
    <message>
        <location filename="../circle_pages.py" line="39"/>
        <source>Trust a coordinator…</source>
        <translation>Faire confiance à un coordinateur…</translation>
    </message>
    <message>
        <location filename="../circle_pages.py" line="40"/>
        <source>Accept the campaigns of your study&apos;s coordinator</source>
        <translation>Accepter les campagnes du coordinateur de votre étude</translation>
    </message>
    <message>
        <location filename="../circle_pages.py" line="41"/>
        <source>Revoke a laptop…</source>
        <translation>Révoquer un ordinateur…</translation>
    </message>
    <message>
        <location filename="../circle_pages.py" line="42"/>
        <source>Refuse the answers a lost or stolen laptop signs from now on</source>
        <translation>Refuser désormais les réponses signées par un ordinateur perdu ou volé</translation>
    </message>
    <message>
        <location filename="../circle_pages.py" line="47"/>
        <source>Laptops of the circle</source>
        <translation>Ordinateurs du cercle</translation>
    </message>
    <message>
        <location filename="../circle_pages.py" line="48"/>
        <source>Each laptop enrolled, trusted, revoked or seen in the shared folder, with the name given it here</source>
        <translation>Chaque ordinateur inscrit, de confiance, révoqué ou vu dans le dossier partagé, avec le nom qu&apos;on lui donne ici</translation>
    </message>
    <message>
        <location filename="../circle_pages.py" line="54"/>
        <source>Name</source>
        <translation>Nom</translation>
    </message>
    <message>
        <location filename="../circle_pages.py" line="54"/>
        <location filename="../circle_pages.py" line="192"/>
        <source>Laptop</source>
        <translation>Ordinateur</translation>
    </message>
    <message>
        <location filename="../circle_pages.py" line="54"/>
        <source>Role</source>
        <translation>Rôle</translation>
    </message>
    <message>
        <location filename="../circle_pages.py" line="54"/>
        <location filename="../circle_pages.py" line="192"/>
        <source>Last bundle</source>
        <translation>Dernier lot</translation>
    </message>
    <message>
        <location filename="../circle_pages.py" line="55"/>
        <source>Revoked from</source>
        <translation>Révoqué depuis</translation>
    </message>
    <message>
        <location filename="../circle_pages.py" line="62"/>
        <location filename="../circle_pages.py" line="144"/>
        <source>Shared folder: none (bundles travel by USB stick)</source>
        <translation>Dossier partagé : aucun (les lots voyagent par clé USB)</translation>
    </message>
    <message>
        <location filename="../circle_pages.py" line="63"/>
        <source>Choose shared folder…</source>
        <translation>Choisir le dossier partagé…</translation>
    </message>
    <message>
        <location filename="../circle_pages.py" line="64"/>
        <source>A folder your laptops share (Syncthing, a network drive): answers then travel on their own, at start, every few answers and at close</source>
        <translation>Un dossier que vos ordinateurs partagent (Syncthing, un lecteur réseau) : les réponses voyagent alors seules, au démarrage, toutes les quelques réponses et à la fermeture</translation>
    </message>
    <message>
        <location filename="../circle_pages.py" line="66"/>
        <source>Sync now</source>
        <translation>Synchroniser maintenant</translation>
    </message>
    <message>
        <location filename="../circle_pages.py" line="69"/>
        <source>Laptops seen in the shared folder</source>
        <translation>Ordinateurs vus dans le dossier partagé</translation>
    </message>
    <message>
        <location filename="../circle_pages.py" line="70"/>
        <source>Each laptop&apos;s last bundle, its answers, whether it is enrolled, and why a bundle was refused</source>
        <translation>Le dernier lot de chaque ordinateur, ses réponses, s&apos;il est inscrit, et pourquoi un lot a été refusé</translation>
    </message>
    <message>
        <location filename="../circle_pages.py" line="75"/>
        <source>Without a shared folder, by USB stick:</source>
        <translation>Sans dossier partagé, par clé USB :</translation>
    </message>
    <message>
        <location filename="../circle_pages.py" line="76"/>
        <source>Export bundle…</source>
        <translation>Exporter un paquet…</translation>
    </message>
    <message>
        <location filename="../circle_pages.py" line="77"/>
        <source>Merge bundle…</source>
        <translation>Fusionner un paquet…</translation>
    </message>
    <message>
        <location filename="../circle_pages.py" line="82"/>
        <location filename="../circle_pages.py" line="103"/>
        <source>This is now the laptop</source>
        <translation>C’est désormais l’ordinateur</translation>
    </message>
    <message>
        <location filename="../circle_pages.py" line="83"/>
        <source>This database was moved here (a new laptop, another folder): from now on it publishes and merges as the laptop. Never for a copy made to look at: the laptop it was copied from would be split from its circle</source>
        <translation>Cette base a été déplacée ici (un nouvel ordinateur, un autre dossier) : dès maintenant elle publie et fusionne comme l’ordinateur. Jamais pour une copie faite pour consulter : l’ordinateur dont elle est copiée serait séparé de son cercle</translation>
    </message>
    <message>
        <location filename="../circle_pages.py" line="87"/>
        <source>Check before the field</source>
        <translation>Vérifier avant le terrain</translation>
    </message>
    <message>
        <location filename="../circle_pages.py" line="88"/>
        <source>This laptop&apos;s own bundle as the other laptops would judge it, answers not shared yet, bundles refused or waiting, laptops not heard from</source>
        <translation>Le paquet de cet ordinateur tel que les autres ordinateurs le jugeraient, les réponses pas encore partagées, les paquets refusés ou en attente, les ordinateurs dont on n’a pas de nouvelles</translation>
    </message>
    <message>
        <location filename="../circle_pages.py" line="97"/>
        <source>This database was made at {0}: a copy publishes and merges nothing as the laptop. If it was moved here to stay, make it the laptop.</source>
        <translation>Cette base a été créée à {0} : une copie ne publie et ne fusionne rien comme l’ordinateur. Si elle a été déplacée ici pour y rester, faites-en l’ordinateur.</translation>
    </message>
    <message>
        <location filename="../circle_pages.py" line="104"/>
        <source>From now on this database publishes and merges as laptop {0}. The database it was copied from must not be used any more. Go on?</source>
        <translation>Dès maintenant cette base publie et fusionne comme l’ordinateur {0}. La base dont elle a été copiée ne doit plus servir. Continuer ?</translation>
    </message>
    <message>
        <location filename="../circle_pages.py" line="108"/>
        <source>This database is now laptop {0}, here.</source>
        <translation>Cette base est désormais l’ordinateur {0}, ici.</translation>
    </message>
    <message>
        <location filename="../circle_pages.py" line="112"/>
        <source>Checking…</source>
        <translation>Vérification…</translation>
    </message>
    <message>
        <location filename="../circle_pages.py" line="139"/>
        <source>Synchronising…</source>
        <translation>Synchronisation…</translation>
    </message>
    <message>
        <location filename="../circle_pages.py" line="143"/>
        <source>Shared folder: {0}</source>
        <translation>Dossier partagé : {0}</translation>
    </message>
    <message>
        <location filename="../circle_pages.py" line="150"/>
        <source>Choose shared folder</source>
        <translation>Choisir le dossier partagé</translation>
    </message>
    <message>
        <location filename="../circle_pages.py" line="162"/>
        <source>Synchronised at {0}: {1}.</source>
        <translation>Synchronisé à {0} : {1}.</translation>
    </message>
    <message>
        <location filename="../circle_pages.py" line="166"/>
        <source>Synchronised at {0}: nothing new.</source>
        <translation>Synchronisé à {0} : rien de nouveau.</translation>
    </message>
    <message>
        <location filename="../circle_pages.py" line="166"/>
        <source>Last merge: {0}</source>
        <translation>Dernière fusion : {0}</translation>
    </message>
    <message>
        <location filename="../circle_pages.py" line="169"/>
        <source>Refused {0}: {1}</source>
        <translation>Refusé {0} : {1}</translation>
    </message>
    <message>
        <location filename="../circle_pages.py" line="172"/>
        <source>Merged {0}, some rows refused alone: {1}</source>
        <translation>{0} fusionné, certaines lignes refusées seules : {1}</translation>
    </message>
    <message>
        <location filename="../circle_pages.py" line="179"/>
        <source>The shared folder could not be synchronised: {0}</source>
        <translation>Le dossier partagé n&apos;a pas pu être synchronisé : {0}</translation>
    </message>
    <message>
        <location filename="../circle_pages.py" line="187"/>
        <source>{0} (kept here until then)</source>
        <translation>{0} (gardées ici d&apos;ici là)</translation>
    </message>
    <message>
        <location filename="../circle_pages.py" line="189"/>
        <source>yes</source>
        <translation>oui</translation>
    </message>
    <message>
        <location filename="../circle_pages.py" line="189"/>
        <source>no</source>
        <translation>non</translation>
    </message>
    <message>
        <location filename="../circle_pages.py" line="190"/>
        <source>this laptop</source>
        <translation>cet ordinateur</translation>
    </message>
    <message>
        <location filename="../circle_pages.py" line="190"/>
        <source>merged</source>
        <translation>fusionné</translation>
    </message>
    <message>
        <location filename="../circle_pages.py" line="190"/>
        <source>refused</source>
        <translation>refusé</translation>
    </message>
    <message>
        <location filename="../circle_pages.py" line="191"/>
        <source>waiting for its enrolment</source>
        <translation>en attente de son inscription</translation>
    </message>
    <message>
        <location filename="../circle_pages.py" line="192"/>
        <source>Answers</source>
        <translation>Réponses</translation>
    </message>
    <message>
        <location filename="../circle_pages.py" line="192"/>
        <source>Enrolled</source>
        <translation>Inscrit</translation>
    </message>
    <message>
        <location filename="../circle_pages.py" line="193"/>
        <source>State</source>
        <translation>État</translation>
    </message>
    <message>
        <location filename="../circle_pages.py" line="196"/>
        <source>coordinator</source>
        <translation>coordinateur</translation>
    </message>
    <message>
        <location filename="../circle_pages.py" line="197"/>
        <source>revoked</source>
        <translation>révoqué</translation>
    </message>
    <message>
        <location filename="../circle_pages.py" line="198"/>
        <source>revoked (from {0}): {1} answers signed before kept here; </source>
        <translation>révoqué (à partir du {0}) : {1} réponses signées avant conservées ici ; </translation>
    </message>
    <message>
        <location filename="../circle_pages.py" line="203"/>
        <source>Export bundle</source>
        <translation>Exporter un paquet</translation>
    </message>
    <message>
        <location filename="../circle_pages.py" line="204"/>
        <location filename="../circle_pages.py" line="211"/>
        <source>LYSS bundles (*.lyssbundle)</source>
        <translation>Paquets LYSS (*.lyssbundle)</translation>
    </message>
    <message>
        <location filename="../circle_pages.py" line="207"/>
        <source>Wrote {0}: {1} answers.</source>
        <translation>{0} écrit : {1} réponses.</translation>
    </message>
    <message>
        <location filename="../circle_pages.py" line="211"/>
        <source>Merge bundle</source>
        <translation>Fusionner un paquet</translation>
    </message>
    <message>
        <location filename="../circle_pages.py" line="216"/>
        <source>Merged: {0}.</source>
        <translation>Fusionné : {0}.</translation>
    </message>
    <message>
        <location filename="../circle_pages.py" line="218"/>
        <source>This laptop was revoked in campaign {0} from {1}: answers made here since then are refused everywhere. Ask the coordinator.</source>
        <translation>Cet ordinateur a été révoqué dans la campagne {0} à partir du {1} : les réponses données ici depuis sont refusées partout. Adressez-vous au coordinateur.</translation>
    </message>
    <message>
        <location filename="../circle_pages.py" line="231"/>
        <location filename="../circle_pages.py" line="235"/>
        <source>Enrol a laptop</source>
        <translation>Inscrire un ordinateur</translation>
    </message>
    <message>
        <location filename="../circle_pages.py" line="232"/>
        <source>The code shown on the other laptop (Campaigns tab, or `lyss review code`). Read it aloud or compare the two screens:</source>
        <translation>Le code affiché sur l’autre ordinateur (onglet Campagnes, ou `lyss review code`). Lisez-le à voix haute ou comparez les deux écrans :</translation>
    </message>
    <message>
        <location filename="../circle_pages.py" line="236"/>
        <source>A name for this laptop, shown beside its code (for example Rita&apos;s laptop; optional):</source>
        <translation>Un nom pour cet ordinateur, affiché à côté de son code (par exemple « l&apos;ordinateur de Rita » ; facultatif) :</translation>
    </message>
    <message>
        <location filename="../circle_pages.py" line="244"/>
        <source>Trust a coordinator</source>
        <translation>Faire confiance à un coordinateur</translation>
    </message>
    <message>
        <location filename="../circle_pages.py" line="245"/>
        <source>The code shown on the coordinator&apos;s laptop. Read it aloud or compare the two screens:</source>
        <translation>Le code affiché sur l’ordinateur du coordinateur. Lisez-le à voix haute ou comparez les deux écrans :</translation>
    </message>
    <message>
        <location filename="../circle_pages.py" line="248"/>
        <source>This laptop now accepts the campaigns of coordinator {0}.</source>
        <translation>Cet ordinateur accepte désormais les campagnes du coordinateur {0}.</translation>
    </message>
    <message>
        <location filename="../circle_pages.py" line="252"/>
        <source>Revoke a laptop</source>
        <translation>Révoquer un ordinateur</translation>
    </message>
    <message>
        <location filename="../circle_pages.py" line="253"/>
        <source>The code of the lost or stolen laptop. The answers it signs from now on are refused wherever your bundles go; its earlier answers are kept and marked in the study:</source>
        <translation>Le code de l’ordinateur perdu ou volé. Les réponses qu’il signera désormais seront refusées partout où vont vos paquets ; ses réponses antérieures sont gardées et signalées dans l’étude :</translation>
    </message>
    <message>
        <location filename="../circle_pages.py" line="255"/>
        <source>Revoke</source>
        <translation>Révoquer</translation>
    </message>
    <message>
        <location filename="../circle_pages.py" line="255"/>
        <source>Revoke laptop {0}? This cannot be undone.</source>
        <translation>Révoquer l’ordinateur {0} ? C’est irréversible.</translation>
    </message>
    <message>
        <location filename="../circle_pages.py" line="258"/>
        <source>Laptop {0} is revoked from {1} in every campaign it was enrolled in.</source>
        <translation>L’ordinateur {0} est révoqué à partir du {1} dans toutes les campagnes où il était inscrit.</translation>
    </message>
    <message>
        <location filename="../circle_pages.py" line="261"/>
        <source>It has left the circle: no campaign created from now on enrols it.</source>
        <translation>Il a quitté le cercle : aucune campagne créée désormais ne l’inscrit.</translation>
    </message>
</context>
<context>
    <name>ConsentPage</name>
    <message>
        <location filename="../review_panel.py" line="102"/>
        <source>Before you start</source>
        <translation>Avant de commencer</translation>
    </message>
    <message>
        <location filename="../review_panel.py" line="108"/>
        <source>What we collect, who sees it, and your choice</source>
        <translation>Ce que nous recueillons, qui le voit, et votre choix</translation>
    </message>
    <message>
        <location filename="../review_panel.py" line="110"/>
        <source>&lt;p&gt;&lt;b&gt;What we collect.&lt;/b&gt; Your answers about machine translations (for example, how much of the meaning is there), a note if you write one, and how long each answer took.&lt;/p&gt;&lt;p&gt;&lt;b&gt;Who sees it.&lt;/b&gt; Your name, community and dialect stay on this laptop. The study team sees your answers with a code instead of your name.&lt;/p&gt;&lt;p&gt;&lt;b&gt;Your choice.&lt;/b&gt; You can stop at any time, and you can ask to withdraw: all your answers are then deleted, here and on the study team&apos;s computers.&lt;/p&gt;</source>
        <translation>&lt;p&gt;&lt;b&gt;Ce que nous recueillons.&lt;/b&gt; Vos réponses sur des traductions automatiques (par exemple, quelle part du sens est rendue), un commentaire si vous en écrivez un, et le temps pris par chaque réponse.&lt;/p&gt;&lt;p&gt;&lt;b&gt;Qui le voit.&lt;/b&gt; Votre nom, votre communauté et votre dialecte restent sur cet ordinateur. L’équipe de l’étude voit vos réponses avec un code à la place de votre nom.&lt;/p&gt;&lt;p&gt;&lt;b&gt;Votre choix.&lt;/b&gt; Vous pouvez arrêter à tout moment et demander à vous retirer : toutes vos réponses sont alors supprimées, ici et sur les ordinateurs de l’équipe.&lt;/p&gt;</translation>
    </message>
    <message>
        <location filename="../review_panel.py" line="121"/>
        <source>Your name (kept on this laptop)</source>
        <translation>Votre nom (gardé sur cet ordinateur)</translation>
    </message>
    <message>
        <location filename="../review_panel.py" line="122"/>
        <source>Community (optional)</source>
        <translation>Communauté (facultatif)</translation>
    </message>
    <message>
        <location filename="../review_panel.py" line="123"/>
        <source>Dialect (optional)</source>
        <translation>Dialecte (facultatif)</translation>
    </message>
    <message>
        <location filename="../review_panel.py" line="126"/>
        <source>Your answers may also be used for (tick only what you agree to):</source>
        <translation>Vos réponses peuvent aussi servir à (cochez seulement ce que vous acceptez) :</translation>
    </message>
    <message>
        <location filename="../review_panel.py" line="133"/>
        <source>I agree — start</source>
        <translation>J’accepte — commencer</translation>
    </message>
    <message>
        <location filename="../review_panel.py" line="135"/>
        <source>Back</source>
        <translation>Retour</translation>
    </message>
    <message>
        <location filename="../review_panel.py" line="145"/>
        <source>Please write your name</source>
        <translation>Veuillez écrire votre nom</translation>
    </message>
    <message>
        <location filename="../review_panel.py" line="183"/>
        <source>Welcome back?</source>
        <translation>Bon retour ?</translation>
    </message>
    <message>
        <location filename="../review_panel.py" line="184"/>
        <source>Someone named {0} registered on this laptop on {1}. Is that you?</source>
        <translation>Une personne nommée {0} s’est inscrite sur cet ordinateur le {1}. Est-ce vous ?</translation>
    </message>
</context>
<context>
    <name>DonePage</name>
    <message>
        <location filename="../review_panel.py" line="277"/>
        <source>Thank you!</source>
        <translation>Merci !</translation>
    </message>
    <message>
        <location filename="../review_panel.py" line="280"/>
        <source>Back to the tasks  (Enter)</source>
        <translation>Retour aux tâches  (Entrée)</translation>
    </message>
</context>
<context>
    <name>EsaPanel</name>
    <message>
        <location filename="../esa_widgets.py" line="189"/>
        <source>Translation to mark</source>
        <translation>Traduction à annoter</translation>
    </message>
    <message>
        <location filename="../esa_widgets.py" line="223"/>
        <source>Something missing  (M)</source>
        <translation>Il manque quelque chose  (M)</translation>
    </message>
    <message>
        <location filename="../esa_widgets.py" line="224"/>
        <source>Remove mark  (Delete)</source>
        <translation>Enlever la marque  (Suppr)</translation>
    </message>
    <message>
        <location filename="../esa_widgets.py" line="225"/>
        <source>Done marking  (Enter)</source>
        <translation>Annotation terminée  (Entrée)</translation>
    </message>
</context>
<context>
    <name>ItemPage</name>
    <message>
        <location filename="../item_page.py" line="50"/>
        <source>Item to review</source>
        <translation>Élément à évaluer</translation>
    </message>
    <message>
        <location filename="../item_page.py" line="51"/>
        <source>Number keys answer, Ctrl+Z undoes the last answer, N writes a note, Esc pauses</source>
        <translation>Les chiffres répondent, Ctrl+Z annule la dernière réponse, N écrit un commentaire, Échap met en pause</translation>
    </message>
    <message>
        <location filename="../item_page.py" line="58"/>
        <source>Show in another script</source>
        <translation>Afficher dans une autre écriture</translation>
    </message>
    <message>
        <location filename="../item_page.py" line="60"/>
        <source>Guidelines  (F1)</source>
        <translation>Consignes  (F1)</translation>
    </message>
    <message>
        <location filename="../item_page.py" line="63"/>
        <source>Pause  (Esc)</source>
        <translation>Pause  (Échap)</translation>
    </message>
    <message>
        <location filename="../item_page.py" line="147"/>
        <source>Show in {0}</source>
        <translation>Afficher en {0}</translation>
    </message>
    <message>
        <location filename="../item_page.py" line="186"/>
        <source>Choosing your items…</source>
        <translation>Choix de vos éléments…</translation>
    </message>
    <message>
        <location filename="../item_page.py" line="196"/>
        <source>Please answer first.</source>
        <translation>Répondez d’abord, s’il vous plaît.</translation>
    </message>
    <message>
        <location filename="../item_page.py" line="197"/>
        <source>Mark the errors, then give a score.</source>
        <translation>Marquez les erreurs, puis donnez une note.</translation>
    </message>
    <message>
        <location filename="../item_page.py" line="198"/>
        <source>Your last step on this item was undone.</source>
        <translation>Votre dernière action sur cet élément a été annulée.</translation>
    </message>
    <message>
        <location filename="../item_page.py" line="199"/>
        <source>Your answer to item {0} was undone.</source>
        <translation>Votre réponse à l’élément {0} a été annulée.</translation>
    </message>
    <message>
        <location filename="../item_page.py" line="203"/>
        <source>Skipped: that item comes back after the others.</source>
        <translation>Passé : cet élément reviendra après les autres.</translation>
    </message>
    <message>
        <location filename="../item_page.py" line="279"/>
        <source>Practice {0} of {1}</source>
        <translation>Entraînement {0} sur {1}</translation>
    </message>
    <message>
        <location filename="../item_page.py" line="282"/>
        <source>Item {0}</source>
        <translation>Élément {0}</translation>
    </message>
    <message>
        <location filename="../item_page.py" line="335"/>
        <source>Enter: go on</source>
        <translation>Entrée : continuer</translation>
    </message>
    <message>
        <location filename="../item_page.py" line="337"/>
        <source> · H: not an error</source>
        <translation> · H : pas une erreur</translation>
    </message>
    <message>
        <location filename="../item_page.py" line="339"/>
        <source> · Tab: the next mark placed for you</source>
        <translation> · Tab : la marque suivante placée pour vous</translation>
    </message>
    <message>
        <location filename="../item_page.py" line="340"/>
        <source>← → move · Shift extends · 1 minor · 2 major · M missing · Delete removes{0} · Enter: done marking · PgUp/PgDn items · S skip · Ctrl+Z undo · N note · Esc pause</source>
        <translation>← → se déplacer · Maj étend · 1 mineure · 2 majeure · M manque · Suppr enlève{0} · Entrée : fini d’annoter · PgPréc/PgSuiv éléments · S passer · Ctrl+Z annuler · N commentaire · Échap pause</translation>
    </message>
    <message>
        <location filename="../item_page.py" line="344"/>
        <source>← → ±1 · ↑ ↓ ±10 · 1–4 the marked points · Enter saves · Backspace: back to marking · Ctrl+Z undo · N note · Esc pause</source>
        <translation>← → ±1 · ↑ ↓ ±10 · 1–4 les repères · Entrée enregistre · Retour arrière : revenir à l’annotation · Ctrl+Z annuler · N commentaire · Échap pause</translation>
    </message>
    <message>
        <location filename="../item_page.py" line="346"/>
        <source>Number keys answer · Enter or → next · ← back · S skip · Ctrl+Z undo · N note · Esc pause</source>
        <translation>Les chiffres répondent · Entrée ou → suivant · ← retour · S passer · Ctrl+Z annuler · N commentaire · Échap pause</translation>
    </message>
    <message>
        <location filename="../item_page.py" line="357"/>
        <source>In this campaign some errors are marked for you before you see a sentence (dashed outline), by: {0}. They can be wrong: keep, drop (Delete) or re-grade (1, 2) each.</source>
        <translation>Dans cette campagne, certaines erreurs sont marquées pour vous avant que vous voyiez une phrase (contour en tirets), par : {0}. Elles peuvent être fausses : gardez, retirez (Suppr) ou reclassez (1, 2) chacune.</translation>
    </message>
    <message>
        <location filename="../item_page.py" line="364"/>
        <source>Right.</source>
        <translation>Juste.</translation>
    </message>
    <message>
        <location filename="../item_page.py" line="364"/>
        <source>Not quite.</source>
        <translation>Pas tout à fait.</translation>
    </message>
    <message>
        <location filename="../item_page.py" line="370"/>
        <source>Press Enter to go on.</source>
        <translation>Appuyez sur Entrée pour continuer.</translation>
    </message>
    <message>
        <location filename="../item_page.py" line="378"/>
        <source>You marked {0} errors; this one has at least {1}.</source>
        <translation>Vous avez marqué {0} erreurs ; celle-ci en a au moins {1}.</translation>
    </message>
    <message>
        <location filename="../item_page.py" line="380"/>
        <source>You kept the mark placed for you; it should have been dropped.</source>
        <translation>Vous avez gardé la marque placée pour vous ; il fallait la retirer.</translation>
    </message>
    <message>
        <location filename="../item_page.py" line="381"/>
        <source>You dropped the mark placed for you; it should have been kept.</source>
        <translation>Vous avez retiré la marque placée pour vous ; il fallait la garder.</translation>
    </message>
    <message>
        <location filename="../item_page.py" line="390"/>
        <source>{0} You answered {1}; expected: {2}.</source>
        <translation>{0} Vous avez répondu {1} ; attendu : {2}.</translation>
    </message>
    <message>
        <location filename="../item_page.py" line="391"/>
        <source> or </source>
        <translation> ou </translation>
    </message>
    <message>
        <location filename="../item_page.py" line="200"/>
        <source>Practice done — the real items start now.</source>
        <translation>Entraînement terminé — les vrais éléments commencent maintenant.</translation>
    </message>
    <message>
        <location filename="../item_page.py" line="285"/>
        <source>{0} of {1}</source>
        <translation>{0} sur {1}</translation>
    </message>
    <message>
        <location filename="../item_page.py" line="283"/>
        <location filename="../item_page.py" line="286"/>
        <source>({0} answered)</source>
        <translation>({0} répondus)</translation>
    </message>
    <message>
        <location filename="../item_page.py" line="351"/>
        <source>Answered — press Enter to go on, or a number to change it.</source>
        <translation>Répondu — appuyez sur Entrée pour continuer, ou sur un chiffre pour changer.</translation>
    </message>
    <message>
        <location filename="../item_page.py" line="350"/>
        <source>Answered — mark again or press Enter twice to keep it.</source>
        <translation>Répondu — annotez de nouveau ou appuyez deux fois sur Entrée pour garder la réponse.</translation>
    </message>
    <message>
        <location filename="../item_page.py" line="201"/>
        <source>Note saved.</source>
        <translation>Commentaire enregistré.</translation>
    </message>
    <message>
        <location filename="../item_page.py" line="202"/>
        <source>Note kept; it is saved with your answer.</source>
        <translation>Commentaire gardé ; il est enregistré avec votre réponse.</translation>
    </message>
</context>
<context>
    <name>LYSS</name>
    <message>
        <location filename="../qt_common.py" line="354"/>
        <source>Key: {0}</source>
        <translation>Touche : {0}</translation>
    </message>
</context>
<context>
    <name>MainWindow</name>
    <message>
        <location filename="../main_window.py" line="50"/>
        <source>LYSS Desktop</source>
        <translation>LYSS Desktop</translation>
    </message>
    <message>
        <location filename="../main_window.py" line="59"/>
        <source>Review</source>
        <translation>Évaluer</translation>
    </message>
    <message>
        <location filename="../main_window.py" line="60"/>
        <source>Score a run</source>
        <translation>Évaluer un run</translation>
    </message>
    <message>
        <location filename="../main_window.py" line="61"/>
        <source>Campaigns</source>
        <translation>Campagnes</translation>
    </message>
    <message>
        <location filename="../main_window.py" line="62"/>
        <source>Study</source>
        <translation>Étude</translation>
    </message>
    <message>
        <location filename="../main_window.py" line="70"/>
        <source>Parts of LYSS Desktop</source>
        <translation>Parties de LYSS Desktop</translation>
    </message>
    <message>
        <location filename="../main_window.py" line="71"/>
        <source>Review, Score a run, Campaigns, Study; Ctrl+Tab moves between them</source>
        <translation>Évaluer, Évaluer un run, Campagnes, Étude ; Ctrl+Tab passe de l’une à l’autre</translation>
    </message>
    <message>
        <location filename="../main_window.py" line="123"/>
        <source>&amp;File</source>
        <translation>&amp;Fichier</translation>
    </message>
    <message>
        <location filename="../main_window.py" line="124"/>
        <source>Open run card…</source>
        <translation>Ouvrir une fiche de run…</translation>
    </message>
    <message>
        <location filename="../main_window.py" line="126"/>
        <source>Open review database…</source>
        <translation>Ouvrir une base d’évaluation…</translation>
    </message>
    <message>
        <location filename="../main_window.py" line="128"/>
        <source>Back up the review database now</source>
        <translation>Sauvegarder la base d&apos;évaluation maintenant</translation>
    </message>
    <message>
        <location filename="../main_window.py" line="130"/>
        <source>Quit</source>
        <translation>Quitter</translation>
    </message>
    <message>
        <location filename="../main_window.py" line="134"/>
        <source>&amp;View</source>
        <translation>&amp;Affichage</translation>
    </message>
    <message>
        <location filename="../main_window.py" line="135"/>
        <source>Larger text</source>
        <translation>Texte plus grand</translation>
    </message>
    <message>
        <location filename="../main_window.py" line="137"/>
        <source>Smaller text</source>
        <translation>Texte plus petit</translation>
    </message>
    <message>
        <location filename="../main_window.py" line="139"/>
        <source>High contrast</source>
        <translation>Contraste élevé</translation>
    </message>
    <message>
        <location filename="../main_window.py" line="144"/>
        <source>Language of the interface</source>
        <translation>Langue de l’interface</translation>
    </message>
    <message>
        <location filename="../main_window.py" line="186"/>
        <source>Backed up to {0}</source>
        <translation>Sauvegardé dans {0}</translation>
    </message>
    <message>
        <location filename="../main_window.py" line="190"/>
        <source>Open or create a review database</source>
        <translation>Ouvrir ou créer une base d’évaluation</translation>
    </message>
    <message>
        <location filename="../main_window.py" line="191"/>
        <source>SQLite (*.sqlite *.db)</source>
        <translation>SQLite (*.sqlite *.db)</translation>
    </message>
    <message>
        <location filename="../main_window.py" line="222"/>
        <source>Quit LYSS Desktop</source>
        <translation>Quitter LYSS Desktop</translation>
    </message>
    <message>
        <location filename="../main_window.py" line="223"/>
        <source>You have not finished this item. What you did is kept, and comes back when you return to this task. Quit now?</source>
        <translation>Vous n’avez pas terminé cet élément. Ce que vous avez fait est gardé et reviendra quand vous reprendrez cette tâche. Quitter maintenant ?</translation>
    </message>
</context>
<context>
    <name>NoteDialog</name>
    <message>
        <location filename="../item_keys.py" line="47"/>
        <source>Note</source>
        <translation>Commentaire</translation>
    </message>
    <message>
        <location filename="../item_keys.py" line="49"/>
        <source>Your note about this item:</source>
        <translation>Votre commentaire sur cet élément :</translation>
    </message>
    <message>
        <location filename="../item_keys.py" line="56"/>
        <source>Your note about this item</source>
        <translation>Votre commentaire sur cet élément</translation>
    </message>
    <message>
        <location filename="../item_keys.py" line="57"/>
        <source>Ctrl+Enter saves the note, Esc closes without saving</source>
        <translation>Ctrl+Entrée enregistre le commentaire, Échap ferme sans enregistrer</translation>
    </message>
    <message>
        <location filename="../item_keys.py" line="60"/>
        <source>Save  (Ctrl+Enter)</source>
        <translation>Enregistrer  (Ctrl+Entrée)</translation>
    </message>
    <message>
        <location filename="../item_keys.py" line="62"/>
        <source>Cancel  (Esc)</source>
        <translation>Annuler  (Échap)</translation>
    </message>
</context>
<context>
    <name>ReviewPanel</name>
    <message>
        <location filename="../review_panel.py" line="389"/>
        <source>This laptop was revoked by the coordinator from {0}. Answers given here would be refused on every other laptop, so this campaign cannot be answered here. What this laptop holds stays. Please ask the coordinator.</source>
        <translation>Cet ordinateur a été révoqué par le coordinateur à partir du {0}. Les réponses données ici seraient refusées par tous les autres ordinateurs : cette campagne ne peut donc pas être répondue ici. Ce que cet ordinateur contient reste. Veuillez vous adresser au coordinateur.</translation>
    </message>
</context>
<context>
    <name>ScoreBar</name>
    <message>
        <location filename="../esa_widgets.py" line="149"/>
        <source>Score from 0 to 100</source>
        <translation>Note de 0 à 100</translation>
    </message>
</context>
<context>
    <name>ScorePanel</name>
    <message>
        <location filename="../score_panel.py" line="43"/>
        <source>Metric</source>
        <translation>Mesure</translation>
    </message>
    <message>
        <location filename="../score_panel.py" line="43"/>
        <source>Value</source>
        <translation>Valeur</translation>
    </message>
    <message>
        <location filename="../score_panel.py" line="44"/>
        <source>95% interval</source>
        <translation>Intervalle à 95 %</translation>
    </message>
    <message>
        <location filename="../score_panel.py" line="44"/>
        <source>Why it is missing</source>
        <translation>Pourquoi elle manque</translation>
    </message>
    <message>
        <location filename="../score_panel.py" line="102"/>
        <source>Id</source>
        <translation>Id</translation>
    </message>
    <message>
        <location filename="../score_panel.py" line="102"/>
        <source>Difficulty</source>
        <translation>Difficulté</translation>
    </message>
    <message>
        <location filename="../score_panel.py" line="103"/>
        <location filename="../score_panel.py" line="397"/>
        <source>Source</source>
        <translation>Source</translation>
    </message>
    <message>
        <location filename="../score_panel.py" line="103"/>
        <location filename="../score_panel.py" line="397"/>
        <source>Output</source>
        <translation>Traduction</translation>
    </message>
    <message>
        <location filename="../score_panel.py" line="104"/>
        <location filename="../score_panel.py" line="405"/>
        <source>Score</source>
        <translation>Note</translation>
    </message>
    <message>
        <location filename="../score_panel.py" line="104"/>
        <source>Breakdown</source>
        <translation>Décomposition</translation>
    </message>
    <message>
        <location filename="../score_panel.py" line="207"/>
        <source>Open run card…</source>
        <translation>Ouvrir une fiche de run…</translation>
    </message>
    <message>
        <location filename="../score_panel.py" line="209"/>
        <source>Compare with…</source>
        <translation>Comparer avec…</translation>
    </message>
    <message>
        <location filename="../score_panel.py" line="211"/>
        <source>Export scored run card…</source>
        <translation>Exporter la fiche de run évaluée…</translation>
    </message>
    <message>
        <location filename="../score_panel.py" line="213"/>
        <source>Cancel</source>
        <translation>Annuler</translation>
    </message>
    <message>
        <location filename="../score_panel.py" line="217"/>
        <source>Scoring progress</source>
        <translation>Avancement de l’évaluation</translation>
    </message>
    <message>
        <location filename="../score_panel.py" line="218"/>
        <source>Open a run card, a harness report, a TSV or JSONL file — or drop it here.</source>
        <translation>Ouvrez une fiche de run, un rapport du harnais, un fichier TSV ou JSONL — ou déposez-le ici.</translation>
    </message>
    <message>
        <location filename="../score_panel.py" line="235"/>
        <source>Metrics of the run</source>
        <translation>Métriques du run</translation>
    </message>
    <message>
        <location filename="../score_panel.py" line="236"/>
        <source>One row a metric: its score, weight, interval and why it may be missing</source>
        <translation>Une ligne par métrique : son score, son poids, son intervalle et pourquoi elle peut manquer</translation>
    </message>
    <message>
        <location filename="../score_panel.py" line="246"/>
        <source>Filter entries (any column)…</source>
        <translation>Filtrer les entrées (toute colonne)…</translation>
    </message>
    <message>
        <location filename="../score_panel.py" line="247"/>
        <source>Filter entries</source>
        <translation>Filtrer les entrées</translation>
    </message>
    <message>
        <location filename="../score_panel.py" line="247"/>
        <source>Shows only the entries containing this text</source>
        <translation>N’affiche que les entrées contenant ce texte</translation>
    </message>
    <message>
        <location filename="../score_panel.py" line="256"/>
        <source>Entries of the run</source>
        <translation>Entrées du run</translation>
    </message>
    <message>
        <location filename="../score_panel.py" line="256"/>
        <source>Choose an entry to see its details</source>
        <translation>Choisissez une entrée pour voir ses détails</translation>
    </message>
    <message>
        <location filename="../score_panel.py" line="265"/>
        <source>Details of the chosen entry</source>
        <translation>Détails de l’entrée choisie</translation>
    </message>
    <message>
        <location filename="../score_panel.py" line="280"/>
        <source>Language: as the file says</source>
        <translation>Langue : celle du fichier</translation>
    </message>
    <message>
        <location filename="../score_panel.py" line="284"/>
        <source>Profile: automatic</source>
        <translation>Profil : automatique</translation>
    </message>
    <message>
        <location filename="../score_panel.py" line="286"/>
        <source>Profile {0}</source>
        <translation>Profil {0}</translation>
    </message>
    <message>
        <location filename="../score_panel.py" line="287"/>
        <source>Language of the translations</source>
        <translation>Langue des traductions</translation>
    </message>
    <message>
        <location filename="../score_panel.py" line="288"/>
        <source>Used when the file does not name its language; applies to the next file opened</source>
        <translation>Utilisée quand le fichier ne nomme pas sa langue ; s’applique au prochain fichier ouvert</translation>
    </message>
    <message>
        <location filename="../score_panel.py" line="289"/>
        <source>Weight profile</source>
        <translation>Profil de pondération</translation>
    </message>
    <message>
        <location filename="../score_panel.py" line="290"/>
        <source>Automatic: A when an analyser for the language is available, otherwise B</source>
        <translation>Automatique : A quand un analyseur de la langue est disponible, sinon B</translation>
    </message>
    <message>
        <location filename="../score_panel.py" line="306"/>
        <source>Open a run card</source>
        <translation>Ouvrir une fiche de run</translation>
    </message>
    <message>
        <location filename="../score_panel.py" line="307"/>
        <source>Run cards (*.json *.jsonl *.tsv);;All files (*)</source>
        <translation>Fiches de run (*.json *.jsonl *.tsv);;Tous les fichiers (*)</translation>
    </message>
    <message>
        <location filename="../score_panel.py" line="323"/>
        <source>Scoring {0}…</source>
        <translation>Évaluation de {0}…</translation>
    </message>
    <message>
        <location filename="../score_panel.py" line="329"/>
        <source>Scoring: {0}</source>
        <translation>Évaluation : {0}</translation>
    </message>
    <message>
        <location filename="../score_panel.py" line="349"/>
        <source>Cancelled.</source>
        <translation>Annulé.</translation>
    </message>
    <message>
        <location filename="../score_panel.py" line="351"/>
        <source>Could not score this file.</source>
        <translation>Impossible d’évaluer ce fichier.</translation>
    </message>
    <message>
        <location filename="../score_panel.py" line="367"/>
        <source>Scored {0}: {1} entries, language {2}, profile {3}</source>
        <translation>{0} évalué : {1} entrées, langue {2}, profil {3}</translation>
    </message>
    <message>
        <location filename="../score_panel.py" line="369"/>
        <source> — the file names no language: choose it above and open the file again</source>
        <translation> — le fichier ne nomme pas de langue : choisissez-la ci-dessus et rouvrez le fichier</translation>
    </message>
    <message>
        <location filename="../score_panel.py" line="374"/>
        <source> — an automated nomination only: speakers have not confirmed it</source>
        <translation> — une proposition automatique seulement : les locuteurs ne l’ont pas confirmée</translation>
    </message>
    <message>
        <location filename="../score_panel.py" line="378"/>
        <source>Composite</source>
        <translation>Composite</translation>
    </message>
    <message>
        <location filename="../score_panel.py" line="378"/>
        <source>tier</source>
        <translation>niveau</translation>
    </message>
    <message>
        <location filename="../score_panel.py" line="378"/>
        <source>speakers</source>
        <translation>locuteurs</translation>
    </message>
    <message>
        <location filename="../score_panel.py" line="397"/>
        <source>Reference</source>
        <translation>Référence</translation>
    </message>
    <message>
        <location filename="../score_panel.py" line="405"/>
        <location filename="../score_panel.py" line="470"/>
        <source>metric</source>
        <translation>mesure</translation>
    </message>
    <message>
        <location filename="../score_panel.py" line="405"/>
        <source>value</source>
        <translation>valeur</translation>
    </message>
    <message>
        <location filename="../score_panel.py" line="405"/>
        <source>weighted</source>
        <translation>pondéré</translation>
    </message>
    <message>
        <location filename="../score_panel.py" line="418"/>
        <source>not judged: {0}</source>
        <translation>non évalué : {0}</translation>
    </message>
    <message>
        <location filename="../score_panel.py" line="429"/>
        <source>Export the scored run card</source>
        <translation>Exporter la fiche de run évaluée</translation>
    </message>
    <message>
        <location filename="../score_panel.py" line="430"/>
        <source>JSON (*.json)</source>
        <translation>JSON (*.json)</translation>
    </message>
    <message>
        <location filename="../score_panel.py" line="433"/>
        <source>Wrote {0}</source>
        <translation>{0} écrit</translation>
    </message>
    <message>
        <location filename="../score_panel.py" line="438"/>
        <source>Compare with another run</source>
        <translation>Comparer avec un autre run</translation>
    </message>
    <message>
        <location filename="../score_panel.py" line="439"/>
        <source>Run cards (*.json *.jsonl *.tsv)</source>
        <translation>Fiches de run (*.json *.jsonl *.tsv)</translation>
    </message>
    <message>
        <location filename="../score_panel.py" line="450"/>
        <source>Comparing with {0}…</source>
        <translation>Comparaison avec {0}…</translation>
    </message>
    <message>
        <location filename="../score_panel.py" line="460"/>
        <source>Compared with {0}.</source>
        <translation>Comparé avec {0}.</translation>
    </message>
    <message>
        <location filename="../score_panel.py" line="462"/>
        <source>yes</source>
        <translation>oui</translation>
    </message>
    <message>
        <location filename="../score_panel.py" line="462"/>
        <source>no</source>
        <translation>non</translation>
    </message>
    <message>
        <location filename="../score_panel.py" line="470"/>
        <source>Paired comparison</source>
        <translation>Comparaison appariée</translation>
    </message>
    <message>
        <location filename="../score_panel.py" line="470"/>
        <source>significant</source>
        <translation>significatif</translation>
    </message>
</context>
<context>
    <name>SignInPage</name>
    <message>
        <location filename="../review_panel.py" line="41"/>
        <source>Who is reviewing today?</source>
        <translation>Qui évalue aujourd’hui ?</translation>
    </message>
    <message>
        <location filename="../review_panel.py" line="47"/>
        <source>Speakers on this laptop</source>
        <translation>Locuteurs sur cet ordinateur</translation>
    </message>
    <message>
        <location filename="../review_panel.py" line="48"/>
        <source>Choose your name with the arrow keys and press Enter</source>
        <translation>Choisissez votre nom avec les flèches et appuyez sur Entrée</translation>
    </message>
    <message>
        <location filename="../review_panel.py" line="52"/>
        <source>No one has a profile on this laptop yet. Press “I am new here” to start.</source>
        <translation>Personne n’a encore de profil sur cet ordinateur. Appuyez sur « Je suis nouveau ici » pour commencer.</translation>
    </message>
    <message>
        <location filename="../review_panel.py" line="57"/>
        <source>Continue  (Enter)</source>
        <translation>Continuer  (Entrée)</translation>
    </message>
    <message>
        <location filename="../review_panel.py" line="59"/>
        <source>I am new here</source>
        <translation>Je suis nouveau ici</translation>
    </message>
</context>
<context>
    <name>SpanView</name>
    <message>
        <location filename="../esa_widgets.py" line="59"/>
        <source>{0}: {1}?</source>
        <translation>{0} : {1} ?</translation>
    </message>
    <message>
        <location filename="../esa_widgets.py" line="130"/>
        <source>marked {0}</source>
        <translation>marqué {0}</translation>
    </message>
    <message>
        <location filename="../esa_widgets.py" line="130"/>
        <source>not marked</source>
        <translation>non marqué</translation>
    </message>
    <message>
        <location filename="../esa_widgets.py" line="132"/>
        <source> (placed by {0}: Delete drops it, 1 or 2 re-grades it)</source>
        <translation> (placée par {0} : Suppr l&apos;enlève, 1 ou 2 change sa gravité)</translation>
    </message>
    <message>
        <location filename="../esa_widgets.py" line="134"/>
        <source> (the analyser did not recognise this word: H dismisses the hint)</source>
        <translation> (l’analyseur n’a pas reconnu ce mot : H écarte l’indication)</translation>
    </message>
    <message>
        <location filename="../esa_widgets.py" line="135"/>
        <source>{0}: {1}; {2} marks in all</source>
        <translation>{0} : {1} ; {2} marques en tout</translation>
    </message>
</context>
<context>
    <name>StudyPanel</name>
    <message>
        <location filename="../study_panel.py" line="43"/>
        <source>Campaign</source>
        <translation>Campagne</translation>
    </message>
    <message>
        <location filename="../study_panel.py" line="43"/>
        <location filename="../study_panel.py" line="300"/>
        <source>Metric</source>
        <translation>Métrique</translation>
    </message>
    <message>
        <location filename="../study_panel.py" line="44"/>
        <source>Human score</source>
        <translation>Score humain</translation>
    </message>
    <message>
        <location filename="../study_panel.py" line="49"/>
        <source>Agreement</source>
        <translation>Accord</translation>
    </message>
    <message>
        <location filename="../study_panel.py" line="49"/>
        <source>Correlate</source>
        <translation>Corréler</translation>
    </message>
    <message>
        <location filename="../study_panel.py" line="50"/>
        <source>Rater quality</source>
        <translation>Qualité des évaluateurs</translation>
    </message>
    <message>
        <location filename="../study_panel.py" line="50"/>
        <source>Attention items</source>
        <translation>Éléments de contrôle de l’attention</translation>
    </message>
    <message>
        <location filename="../study_panel.py" line="51"/>
        <source>Linter precision</source>
        <translation>Précision du linter</translation>
    </message>
    <message>
        <location filename="../study_panel.py" line="51"/>
        <source>FST false rejections</source>
        <translation>Faux rejets du FST</translation>
    </message>
    <message>
        <location filename="../study_panel.py" line="52"/>
        <source>Reweight…</source>
        <translation>Repondérer…</translation>
    </message>
    <message>
        <location filename="../study_panel.py" line="52"/>
        <source>Confirm tier…</source>
        <translation>Confirmer le niveau…</translation>
    </message>
    <message>
        <location filename="../study_panel.py" line="53"/>
        <source>Save plot as PNG…</source>
        <translation>Enregistrer le graphique en PNG…</translation>
    </message>
    <message>
        <location filename="../study_panel.py" line="66"/>
        <source>Progress of the computation</source>
        <translation>Avancement du calcul</translation>
    </message>
    <message>
        <location filename="../study_panel.py" line="69"/>
        <source>Cancel</source>
        <translation>Annuler</translation>
    </message>
    <message>
        <location filename="../study_panel.py" line="78"/>
        <source>Results table</source>
        <translation>Tableau des résultats</translation>
    </message>
    <message>
        <location filename="../study_panel.py" line="79"/>
        <source>Results in words</source>
        <translation>Résultats en mots</translation>
    </message>
    <message>
        <location filename="../study_panel.py" line="83"/>
        <source>Plot of the results</source>
        <translation>Graphique des résultats</translation>
    </message>
    <message>
        <location filename="../study_panel.py" line="84"/>
        <source>The same numbers as the results table</source>
        <translation>Les mêmes nombres que le tableau des résultats</translation>
    </message>
    <message>
        <location filename="../study_panel.py" line="140"/>
        <source>&lt;p&gt;Computing…&lt;/p&gt;</source>
        <translation>&lt;p&gt;Calcul en cours…&lt;/p&gt;</translation>
    </message>
    <message>
        <location filename="../study_panel.py" line="159"/>
        <source>Nothing to correlate yet: {0}</source>
        <translation>Rien à corréler pour l’instant : {0}</translation>
    </message>
    <message>
        <location filename="../study_panel.py" line="170"/>
        <source>Cancelled.</source>
        <translation>Annulé.</translation>
    </message>
    <message>
        <location filename="../study_panel.py" line="185"/>
        <source>Question</source>
        <translation>Question</translation>
    </message>
    <message>
        <location filename="../study_panel.py" line="185"/>
        <location filename="../study_panel.py" line="210"/>
        <source>Level</source>
        <translation>Niveau</translation>
    </message>
    <message>
        <location filename="../study_panel.py" line="185"/>
        <location filename="../study_panel.py" line="275"/>
        <location filename="../study_panel.py" line="287"/>
        <source>CI lower</source>
        <translation>IC bas</translation>
    </message>
    <message>
        <location filename="../study_panel.py" line="185"/>
        <location filename="../study_panel.py" line="275"/>
        <location filename="../study_panel.py" line="287"/>
        <source>CI upper</source>
        <translation>IC haut</translation>
    </message>
    <message>
        <location filename="../study_panel.py" line="186"/>
        <location filename="../study_panel.py" line="227"/>
        <source>Answers</source>
        <translation>Réponses</translation>
    </message>
    <message>
        <location filename="../study_panel.py" line="186"/>
        <source>Speakers</source>
        <translation>Locuteurs</translation>
    </message>
    <message>
        <location filename="../study_panel.py" line="186"/>
        <source>Items</source>
        <translation>Éléments</translation>
    </message>
    <message>
        <location filename="../study_panel.py" line="187"/>
        <source>&lt;p&gt;Task {0}: Krippendorff&apos;s alpha of every question, at the levels its scale allows, with 95% bootstrap intervals over items.&lt;/p&gt;</source>
        <translation>&lt;p&gt;Tâche {0} : alpha de Krippendorff de chaque question, aux niveaux que son échelle permet, avec des intervalles bootstrap à 95 % sur les éléments.&lt;/p&gt;</translation>
    </message>
    <message>
        <location filename="../study_panel.py" line="212"/>
        <source>One system only: no system-level correlation.&lt;br&gt;</source>
        <translation>Un seul système : pas de corrélation au niveau des systèmes.&lt;br&gt;</translation>
    </message>
    <message>
        <location filename="../study_panel.py" line="227"/>
        <location filename="../study_panel.py" line="254"/>
        <source>Speaker</source>
        <translation>Locuteur</translation>
    </message>
    <message>
        <location filename="../study_panel.py" line="227"/>
        <source>Repeats same</source>
        <translation>Répétitions identiques</translation>
    </message>
    <message>
        <location filename="../study_panel.py" line="227"/>
        <source>Degraded lower</source>
        <translation>Dégradés notés plus bas</translation>
    </message>
    <message>
        <location filename="../study_panel.py" line="228"/>
        <source>p (MWU)</source>
        <translation>p (MWU)</translation>
    </message>
    <message>
        <location filename="../study_panel.py" line="228"/>
        <source>Median s per item</source>
        <translation>Médiane s par élément</translation>
    </message>
    <message>
        <location filename="../study_panel.py" line="228"/>
        <source>Time away s</source>
        <translation>Temps d’absence s</translation>
    </message>
    <message>
        <location filename="../study_panel.py" line="229"/>
        <source>Answers with time away</source>
        <translation>Réponses avec absence</translation>
    </message>
    <message>
        <location filename="../study_panel.py" line="229"/>
        <source>Flags</source>
        <translation>Signalements</translation>
    </message>
    <message>
        <location filename="../study_panel.py" line="232"/>
        <source>none</source>
        <translation>aucun</translation>
    </message>
    <message>
        <location filename="../study_panel.py" line="233"/>
        <source>&lt;p&gt;Time per item counts the time the item was in front of the speaker; time with the app out of focus is shown apart. Read these to understand the data, never to rank people.&lt;/p&gt;</source>
        <translation>&lt;p&gt;Le temps par élément compte le temps où l’élément était devant le locuteur ; le temps passé hors de l’application est montré à part. Lisez ces chiffres pour comprendre les données, jamais pour classer les personnes.&lt;/p&gt;</translation>
    </message>
    <message>
        <location filename="../study_panel.py" line="250"/>
        <source>{0}/{1} · {2} % ({3}–{4})</source>
        <translation>{0}/{1} · {2} % ({3}–{4})</translation>
    </message>
    <message>
        <location filename="../study_panel.py" line="253"/>
        <source>below {0} %</source>
        <translation>sous {0} %</translation>
    </message>
    <message>
        <location filename="../study_panel.py" line="254"/>
        <source>Waiting</source>
        <translation>En attente</translation>
    </message>
    <message>
        <location filename="../study_panel.py" line="254"/>
        <source>Caught · % (95 % interval)</source>
        <translation>Repérés · % (intervalle à 95 %)</translation>
    </message>
    <message>
        <location filename="../study_panel.py" line="255"/>
        <source>Flag</source>
        <translation>Signalement</translation>
    </message>
    <message>
        <location filename="../study_panel.py" line="259"/>
        <source>Every speaker, {0}: {1}</source>
        <translation>Tous les locuteurs, {0} : {1}</translation>
    </message>
    <message>
        <location filename="../study_panel.py" line="262"/>
        <source>Items made wrong on purpose: a speaker catches one by rating it lower than the translation it was made from, or by marking the word. Below {0} % a speaker is flagged, never left out: read it with them. It shows whether a speaker hears such an error, not how well they judge translations.</source>
        <translation>Des éléments rendus fautifs exprès : un locuteur en repère un quand il le note plus bas que la traduction dont il est tiré, ou quand il marque le mot. Sous {0} %, un locuteur est signalé, jamais écarté : lisez-le avec lui. Cela montre si un locuteur entend une telle erreur, pas la justesse de ses jugements sur les traductions.</translation>
    </message>
    <message>
        <location filename="../study_panel.py" line="266"/>
        <source>No attention item answered yet.</source>
        <translation>Aucun élément de contrôle de l’attention n’a encore de réponse.</translation>
    </message>
    <message>
        <location filename="../study_panel.py" line="275"/>
        <source>Variant class</source>
        <translation>Classe de variante</translation>
    </message>
    <message>
        <location filename="../study_panel.py" line="275"/>
        <source>Precision</source>
        <translation>Précision</translation>
    </message>
    <message>
        <location filename="../study_panel.py" line="276"/>
        <source>Pairs judged</source>
        <translation>Paires jugées</translation>
    </message>
    <message>
        <location filename="../study_panel.py" line="278"/>
        <source>&lt;p&gt;{0} pairs rated, {1} with a majority verdict.&lt;/p&gt;</source>
        <translation>&lt;p&gt;{0} paires évaluées, {1} avec un verdict majoritaire.&lt;/p&gt;</translation>
    </message>
    <message>
        <location filename="../study_panel.py" line="287"/>
        <source>False rejection rate</source>
        <translation>Taux de faux rejets</translation>
    </message>
    <message>
        <location filename="../study_panel.py" line="288"/>
        <source>Words decided</source>
        <translation>Mots tranchés</translation>
    </message>
    <message>
        <location filename="../study_panel.py" line="290"/>
        <source>&lt;p&gt;Valid words the analyser missed: {0}&lt;/p&gt;</source>
        <translation>&lt;p&gt;Mots valides que l’analyseur n’a pas reconnus : {0}&lt;/p&gt;</translation>
    </message>
    <message>
        <location filename="../study_panel.py" line="294"/>
        <source>Save the refitted profile</source>
        <translation>Enregistrer le profil réajusté</translation>
    </message>
    <message>
        <location filename="../study_panel.py" line="295"/>
        <location filename="../study_panel.py" line="306"/>
        <source>JSON (*.json)</source>
        <translation>JSON (*.json)</translation>
    </message>
    <message>
        <location filename="../study_panel.py" line="300"/>
        <source>Fitted weight</source>
        <translation>Poids ajusté</translation>
    </message>
    <message>
        <location filename="../study_panel.py" line="300"/>
        <source>Default weight</source>
        <translation>Poids par défaut</translation>
    </message>
    <message>
        <location filename="../study_panel.py" line="302"/>
        <source>&lt;p&gt;Cross-validated Pearson {0:.3f} (default profile {1:.3f}).&lt;/p&gt;</source>
        <translation>&lt;p&gt;Pearson en validation croisée {0:.3f} (profil par défaut {1:.3f}).&lt;/p&gt;</translation>
    </message>
    <message>
        <location filename="../study_panel.py" line="306"/>
        <source>The scored run card</source>
        <translation>La fiche de run évaluée</translation>
    </message>
    <message>
        <location filename="../study_panel.py" line="312"/>
        <source>{0:.0%} of {1} items accepted, interval [{2:.0%}, {3:.0%}]; the rule: at least {4:.0%}</source>
        <translation>{0:.0%} de {1} éléments acceptés, intervalle [{2:.0%}, {3:.0%}] ; la règle : au moins {4:.0%}</translation>
    </message>
    <message>
        <location filename="../study_panel.py" line="320"/>
        <source>Save plot</source>
        <translation>Enregistrer le graphique</translation>
    </message>
</context>
<context>
    <name>tasks</name>
    <message>
        <location filename="data_strings.py" line="6"/>
        <source>Adequacy and fluency</source>
        <translation>Adéquation et fluidité</translation>
    </message>
    <message>
        <location filename="data_strings.py" line="7"/>
        <source>Read the source sentence and its {language} translation. How much of the meaning is there, and how natural is the translation?</source>
        <translation>Lisez la phrase source et sa traduction en {language}. Quelle part du sens s’y trouve, et la traduction est-elle naturelle ?</translation>
    </message>
    <message>
        <location filename="data_strings.py" line="8"/>
        <source>Read the source sentence first, then the {language} translation.

Meaning (adequacy): how much of what the source says is in the translation? 5 All: nothing is lost or added. 4 Most: a detail is lost or wrong. 3 Much: the main point is there, some parts are not. 2 Little: only a word or two carry over. 1 None: it says something else, or nothing.

Naturalness (fluency): read the translation alone. Would a speaker say it this way? 5 Flawless, 4 Good, 3 Non-native (understandable but not how people talk), 2 Disfluent, 1 Incomprehensible.

Judge each question on its own: a natural sentence can still say the wrong thing. Spelling choices (long vowels, one writing system or another) count only if they change the word. When you are unsure, choose the nearer answer and add a note with N.</source>
        <translation>Lisez d’abord la phrase source, puis la traduction en {language}.

Sens (adéquation) : quelle part de ce que dit la source se retrouve dans la traduction ? 5 Tout : rien n’est perdu ni ajouté. 4 La plupart : un détail est perdu ou faux. 3 Beaucoup : l’essentiel est là, certaines parties non. 2 Peu : seulement un mot ou deux passent. 1 Rien : elle dit autre chose, ou rien.

Naturel (fluidité) : lisez la traduction seule. Un locuteur le dirait-il ainsi ? 5 Impeccable, 4 Bon, 3 Non natif (compréhensible mais pas comme les gens parlent), 2 Peu fluide, 1 Incompréhensible.

Jugez chaque question séparément : une phrase naturelle peut quand même dire autre chose. Les choix d’orthographe (voyelles longues, une écriture ou une autre) ne comptent que s’ils changent le mot. En cas de doute, choisissez la réponse la plus proche et ajoutez un commentaire avec N.</translation>
    </message>
    <message>
        <location filename="data_strings.py" line="9"/>
        <source>How much of the meaning is expressed?</source>
        <translation>Quelle part du sens est exprimée ?</translation>
    </message>
    <message>
        <location filename="data_strings.py" line="10"/>
        <source>None</source>
        <translation>Rien</translation>
    </message>
    <message>
        <location filename="data_strings.py" line="11"/>
        <source>Little</source>
        <translation>Peu</translation>
    </message>
    <message>
        <location filename="data_strings.py" line="12"/>
        <source>Much</source>
        <translation>Beaucoup</translation>
    </message>
    <message>
        <location filename="data_strings.py" line="13"/>
        <source>Most</source>
        <translation>La plupart</translation>
    </message>
    <message>
        <location filename="data_strings.py" line="14"/>
        <source>All</source>
        <translation>Tout</translation>
    </message>
    <message>
        <location filename="data_strings.py" line="15"/>
        <source>How natural is the translation?</source>
        <translation>La traduction est-elle naturelle ?</translation>
    </message>
    <message>
        <location filename="data_strings.py" line="16"/>
        <source>Incomprehensible</source>
        <translation>Incompréhensible</translation>
    </message>
    <message>
        <location filename="data_strings.py" line="17"/>
        <source>Disfluent</source>
        <translation>Peu fluide</translation>
    </message>
    <message>
        <location filename="data_strings.py" line="18"/>
        <source>Non-native</source>
        <translation>Non natif</translation>
    </message>
    <message>
        <location filename="data_strings.py" line="19"/>
        <source>Good</source>
        <translation>Bon</translation>
    </message>
    <message>
        <location filename="data_strings.py" line="20"/>
        <source>Flawless</source>
        <translation>Impeccable</translation>
    </message>
    <message>
        <location filename="data_strings.py" line="21"/>
        <source>Are these two the same?</source>
        <translation>Ces deux phrases disent-elles la même chose ?</translation>
    </message>
    <message>
        <location filename="data_strings.py" line="22"/>
        <source>Two {language} sentences that our checker thinks mean the same thing. Do they?</source>
        <translation>Deux phrases en {language} que notre vérificateur croit de même sens. Le sont-elles ?</translation>
    </message>
    <message>
        <location filename="data_strings.py" line="23"/>
        <source>Our checker thinks the two {language} sentences A and B mean the same thing, written differently. Do they? Yes: a speaker would accept either for the other. No: they differ in meaning (a different person, time, number, or word). Depends: the same in some situations or dialects only — add a note with N saying which.

Then: are both natural? Choose which one sounds better, or Neither if both sound wrong.</source>
        <translation>Notre vérificateur pense que les deux phrases en {language} A et B ont le même sens, écrites différemment. Est-ce le cas ? Oui : un locuteur accepterait l’une pour l’autre. Non : leur sens diffère (une autre personne, un autre temps, un autre nombre ou un autre mot). Ça dépend : pareilles dans certaines situations ou certains dialectes seulement — ajoutez un commentaire avec N pour dire lesquels.

Ensuite : les deux sont-elles naturelles ? Choisissez celle qui sonne le mieux, ou Aucune si les deux sonnent faux.</translation>
    </message>
    <message>
        <location filename="data_strings.py" line="24"/>
        <source>Do A and B mean the same?</source>
        <translation>A et B veulent-elles dire la même chose ?</translation>
    </message>
    <message>
        <location filename="data_strings.py" line="25"/>
        <source>Yes</source>
        <translation>Oui</translation>
    </message>
    <message>
        <location filename="data_strings.py" line="26"/>
        <source>No</source>
        <translation>Non</translation>
    </message>
    <message>
        <location filename="data_strings.py" line="27"/>
        <source>Depends</source>
        <translation>Ça dépend</translation>
    </message>
    <message>
        <location filename="data_strings.py" line="28"/>
        <source>Are both natural?</source>
        <translation>Les deux sont-elles naturelles ?</translation>
    </message>
    <message>
        <location filename="data_strings.py" line="29"/>
        <source>A better</source>
        <translation>A meilleure</translation>
    </message>
    <message>
        <location filename="data_strings.py" line="30"/>
        <source>B better</source>
        <translation>B meilleure</translation>
    </message>
    <message>
        <location filename="data_strings.py" line="31"/>
        <source>Neither</source>
        <translation>Aucune</translation>
    </message>
    <message>
        <location filename="data_strings.py" line="32"/>
        <source>Is this a word in {language}?</source>
        <translation>Est-ce un mot en {language} ?</translation>
    </message>
    <message>
        <location filename="data_strings.py" line="33"/>
        <source>Our analyser did not recognise this word. Is it a real word in {language}?</source>
        <translation>Notre analyseur n’a pas reconnu ce mot. Est-ce un vrai mot en {language} ?</translation>
    </message>
    <message>
        <location filename="data_strings.py" line="34"/>
        <source>Our analyser did not recognise this word. Is it a real {language} word? Yes, No, or Unsure. If yes: established (everyday), a loanword, a name, dialectal (used in some communities), or a new word. The sentence it was seen in is shown below it. Spelling variants of a real word count as Yes.</source>
        <translation>Notre analyseur n’a pas reconnu ce mot. Est-ce un vrai mot en {language} ? Oui, Non, ou Incertain. Si oui : courant (de tous les jours), un emprunt, un nom, dialectal (employé dans certaines communautés) ou un mot nouveau. La phrase où il a été vu est affichée en dessous. Les variantes d’orthographe d’un vrai mot comptent comme Oui.</translation>
    </message>
    <message>
        <location filename="data_strings.py" line="35"/>
        <source>Is this a valid word in {language}?</source>
        <translation>Est-ce un mot valide en {language} ?</translation>
    </message>
    <message>
        <location filename="data_strings.py" line="36"/>
        <source>Unsure</source>
        <translation>Incertain</translation>
    </message>
    <message>
        <location filename="data_strings.py" line="37"/>
        <source>What kind of word is it?</source>
        <translation>Quel genre de mot est-ce ?</translation>
    </message>
    <message>
        <location filename="data_strings.py" line="38"/>
        <source>Established</source>
        <translation>Courant</translation>
    </message>
    <message>
        <location filename="data_strings.py" line="39"/>
        <source>Loanword</source>
        <translation>Emprunt</translation>
    </message>
    <message>
        <location filename="data_strings.py" line="40"/>
        <source>Name</source>
        <translation>Nom</translation>
    </message>
    <message>
        <location filename="data_strings.py" line="41"/>
        <source>Dialectal</source>
        <translation>Dialectal</translation>
    </message>
    <message>
        <location filename="data_strings.py" line="42"/>
        <source>Neologism</source>
        <translation>Néologisme</translation>
    </message>
    <message>
        <location filename="data_strings.py" line="43"/>
        <source>Is this translation usable?</source>
        <translation>Cette traduction est-elle utilisable ?</translation>
    </message>
    <message>
        <location filename="data_strings.py" line="44"/>
        <source>Would this translation be usable as it is?</source>
        <translation>Cette traduction serait-elle utilisable telle quelle ?</translation>
    </message>
    <message>
        <location filename="data_strings.py" line="45"/>
        <source>Would this translation be usable as it is, for example in a letter or a notice? Reject: it must not be used. Gist: it shows roughly what was meant, no more. Acceptable: usable with small changes. Excellent: usable as it is.</source>
        <translation>Cette traduction serait-elle utilisable telle quelle, par exemple dans une lettre ou un avis ? Rejeter : à ne pas utiliser. Idée générale : elle montre à peu près ce qui était voulu, sans plus. Acceptable : utilisable avec de petites retouches. Excellente : utilisable telle quelle.</translation>
    </message>
    <message>
        <location filename="data_strings.py" line="46"/>
        <source>This translation is…</source>
        <translation>Cette traduction est…</translation>
    </message>
    <message>
        <location filename="data_strings.py" line="47"/>
        <source>Reject</source>
        <translation>À rejeter</translation>
    </message>
    <message>
        <location filename="data_strings.py" line="48"/>
        <source>Gist</source>
        <translation>Idée générale</translation>
    </message>
    <message>
        <location filename="data_strings.py" line="49"/>
        <source>Acceptable</source>
        <translation>Acceptable</translation>
    </message>
    <message>
        <location filename="data_strings.py" line="50"/>
        <source>Excellent</source>
        <translation>Excellente</translation>
    </message>
    <message>
        <location filename="data_strings.py" line="51"/>
        <source>Mark the errors, then score</source>
        <translation>Marquer les erreurs, puis noter</translation>
    </message>
    <message>
        <location filename="data_strings.py" line="52"/>
        <source>Mark each error in the {language} translation: move with the arrow keys (Shift to extend), then 1 for a minor error or 2 for a major one; M goes to &quot;something missing&quot;; Delete removes a mark. Press Enter, then score the whole translation from 0 to 100.</source>
        <translation>Marquez chaque erreur de la traduction en {language} : déplacez-vous avec les flèches (Maj pour étendre), puis 1 pour une erreur mineure ou 2 pour une erreur majeure ; M va à « il manque quelque chose » ; Suppr enlève une marque. Appuyez sur Entrée, puis notez toute la traduction de 0 à 100.</translation>
    </message>
    <message>
        <location filename="data_strings.py" line="53"/>
        <source>Read the source and the {language} translation. Mark every error you find in the translation: move with the arrow keys (hold Shift to cover several words), then press 1 for a minor error or 2 for a major error. A minor error does not change the meaning much (a small grammar, spelling or word-choice slip). A major error changes or loses meaning, or a speaker would stumble over it. If something of the source is missing, press M and then 1 or 2. Delete removes a mark. You can also click a word, and Shift+click to extend.

When you have marked everything, press Enter and score the whole translation from 0 to 100: 0 no meaning preserved, 33 some meaning preserved, 66 most meaning preserved with few mistakes, 100 perfect meaning and grammar. Keys 1–4 jump to these, the arrows fine-tune, Enter saves.</source>
        <translation>Lisez la source et la traduction en {language}. Marquez chaque erreur que vous trouvez dans la traduction : déplacez-vous avec les flèches (gardez Maj enfoncée pour couvrir plusieurs mots), puis appuyez sur 1 pour une erreur mineure ou sur 2 pour une erreur majeure. Une erreur mineure ne change pas beaucoup le sens (une petite faute de grammaire, d’orthographe ou de choix de mot). Une erreur majeure change ou perd le sens, ou un locuteur butterait dessus. S’il manque quelque chose de la source, appuyez sur M puis sur 1 ou 2. Suppr enlève une marque. Vous pouvez aussi cliquer sur un mot, et Maj+clic pour étendre.

Quand tout est marqué, appuyez sur Entrée et notez toute la traduction de 0 à 100 : 0 aucun sens conservé, 33 une partie du sens conservée, 66 l’essentiel du sens conservé avec peu de fautes, 100 sens et grammaire parfaits. Les touches 1 à 4 y mènent, les flèches ajustent, Entrée enregistre.</translation>
    </message>
    <message>
        <location filename="data_strings.py" line="54"/>
        <source>Mark the errors in the translation</source>
        <translation>Marquez les erreurs de la traduction</translation>
    </message>
    <message>
        <location filename="data_strings.py" line="55"/>
        <source>[something missing]</source>
        <translation>[il manque quelque chose]</translation>
    </message>
    <message>
        <location filename="data_strings.py" line="56"/>
        <source>Minor error</source>
        <translation>Erreur mineure</translation>
    </message>
    <message>
        <location filename="data_strings.py" line="57"/>
        <source>Does not change the meaning much: a small grammar, spelling or word-choice slip.</source>
        <translation>Ne change pas beaucoup le sens : une petite faute de grammaire, d’orthographe ou de choix de mot.</translation>
    </message>
    <message>
        <location filename="data_strings.py" line="58"/>
        <source>Major error</source>
        <translation>Erreur majeure</translation>
    </message>
    <message>
        <location filename="data_strings.py" line="59"/>
        <source>Changes or loses meaning, or a speaker would stumble over it.</source>
        <translation>Change ou perd le sens, ou un locuteur butterait dessus.</translation>
    </message>
    <message>
        <location filename="data_strings.py" line="60"/>
        <source>How good is the translation as a whole?</source>
        <translation>Que vaut la traduction dans son ensemble ?</translation>
    </message>
    <message>
        <location filename="data_strings.py" line="61"/>
        <source>No meaning preserved</source>
        <translation>Aucun sens conservé</translation>
    </message>
    <message>
        <location filename="data_strings.py" line="62"/>
        <source>Some meaning preserved</source>
        <translation>Une partie du sens conservée</translation>
    </message>
    <message>
        <location filename="data_strings.py" line="63"/>
        <source>Most meaning preserved, few mistakes</source>
        <translation>L’essentiel du sens conservé, peu de fautes</translation>
    </message>
    <message>
        <location filename="data_strings.py" line="64"/>
        <source>Perfect meaning and grammar</source>
        <translation>Sens et grammaire parfaits</translation>
    </message>
    <message>
        <location filename="data_strings.py" line="65"/>
        <source>Direct assessment (imported)</source>
        <translation>Évaluation directe (importée)</translation>
    </message>
    <message>
        <location filename="data_strings.py" line="66"/>
        <source>0–100 direct assessment scores imported from a DA study (e.g. MLQE-PE).</source>
        <translation>Scores d’évaluation directe de 0 à 100 importés d’une étude DA (p. ex. MLQE-PE).</translation>
    </message>
    <message>
        <location filename="data_strings.py" line="67"/>
        <source>Quality 0–100</source>
        <translation>Qualité 0–100</translation>
    </message>
    <message>
        <location filename="data_strings.py" line="68"/>
        <source>Source</source>
        <translation>Source</translation>
    </message>
    <message>
        <location filename="data_strings.py" line="69"/>
        <source>{language} translation</source>
        <translation>Traduction en {language}</translation>
    </message>
    <message>
        <location filename="data_strings.py" line="70"/>
        <source>{language} word</source>
        <translation>Mot en {language}</translation>
    </message>
    <message>
        <location filename="data_strings.py" line="71"/>
        <source>Seen in</source>
        <translation>Vu dans</translation>
    </message>
    <message>
        <location filename="data_strings.py" line="72"/>
        <source>A</source>
        <translation>A</translation>
    </message>
    <message>
        <location filename="data_strings.py" line="73"/>
        <source>B</source>
        <translation>B</translation>
    </message>
    <message>
        <location filename="data_strings.py" line="74"/>
        <source>This translation was written by a person and checked: it keeps all of the meaning.</source>
        <translation>Cette traduction a été écrite par une personne et vérifiée : elle garde tout le sens.</translation>
    </message>
    <message>
        <location filename="data_strings.py" line="75"/>
        <source>One word of this sentence was put in a wrong form on purpose (the wrong number or person, for example), as machine translation often does: the rest is right. Rate such a sentence lower than a right one, or mark the word.</source>
        <translation>Un mot de cette phrase a été mis exprès à une forme fautive (le mauvais nombre ou la mauvaise personne, par exemple), comme le fait souvent la traduction automatique : le reste est juste. Notez une telle phrase plus bas qu’une phrase juste, ou marquez le mot.</translation>
    </message>
    <message>
        <location filename="data_strings.py" line="76"/>
        <source>This translation belongs to another sentence: it keeps none of the meaning.</source>
        <translation>Cette traduction appartient à une autre phrase : elle ne garde rien du sens.</translation>
    </message>
    <message>
        <location filename="data_strings.py" line="77"/>
        <source>Some words of this translation were replaced on purpose by words from another sentence: part of the meaning is lost there.</source>
        <translation>Certains mots de cette traduction ont été remplacés exprès par des mots d’une autre phrase : une partie du sens s’y perd.</translation>
    </message>
    <message>
        <location filename="data_strings.py" line="78"/>
        <source>The dashed mark on this sentence sat on a word that is right: the tools can be wrong, so a mark placed for you is dropped with Delete when you disagree.</source>
        <translation>La marque en tirets de cette phrase était sur un mot juste : les outils peuvent se tromper, alors une marque placée pour vous se retire avec Suppr quand vous n&apos;êtes pas d&apos;accord.</translation>
    </message>
    <message>
        <location filename="data_strings.py" line="79"/>
        <source>The dashed mark sat on the words swapped in: a mark placed for you on a real error is kept as it is (or re-graded with 1 or 2).</source>
        <translation>La marque en tirets était sur les mots échangés : une marque placée pour vous sur une vraie erreur se garde telle quelle (ou se reclasse avec 1 ou 2).</translation>
    </message>
    <message>
        <location filename="data_strings.py" line="80"/>
        <source>Surface</source>
        <translation>Surface</translation>
    </message>
    <message>
        <location filename="data_strings.py" line="81"/>
        <source>exact match</source>
        <translation>correspondance exacte</translation>
    </message>
    <message>
        <location filename="data_strings.py" line="82"/>
        <source>equivalent match</source>
        <translation>correspondance équivalente</translation>
    </message>
    <message>
        <location filename="data_strings.py" line="83"/>
        <source>no entry carries variants[] and no language plugin provides it</source>
        <translation>aucune entrée ne porte de variants[] et aucun module de langue ne la fournit</translation>
    </message>
    <message>
        <location filename="data_strings.py" line="84"/>
        <source>chrF++</source>
        <translation>chrF++</translation>
    </message>
    <message>
        <location filename="data_strings.py" line="85"/>
        <source>BLEU (not in composite)</source>
        <translation>BLEU (hors composite)</translation>
    </message>
    <message>
        <location filename="data_strings.py" line="86"/>
        <source>TER (lower is better; not in composite)</source>
        <translation>TER (plus bas est mieux ; hors composite)</translation>
    </message>
    <message>
        <location filename="data_strings.py" line="87"/>
        <source>length ratio (1.0 ideal)</source>
        <translation>rapport de longueur (1,0 idéal)</translation>
    </message>
    <message>
        <location filename="data_strings.py" line="88"/>
        <source>Structural (LYSS)</source>
        <translation>Structure (LYSS)</translation>
    </message>
    <message>
        <location filename="data_strings.py" line="89"/>
        <source>FST acceptance</source>
        <translation>acceptation par le FST</translation>
    </message>
    <message>
        <location filename="data_strings.py" line="90"/>
        <source>no language plugin provides it for this language (see eval_standards)</source>
        <translation>aucun module de langue ne la fournit pour cette langue (voir eval_standards)</translation>
    </message>
    <message>
        <location filename="data_strings.py" line="91"/>
        <source>morphological accuracy</source>
        <translation>exactitude morphologique</translation>
    </message>
    <message>
        <location filename="data_strings.py" line="92"/>
        <source>orthographic accuracy</source>
        <translation>exactitude orthographique</translation>
    </message>
    <message>
        <location filename="data_strings.py" line="93"/>
        <source>Semantic</source>
        <translation>Sens</translation>
    </message>
    <message>
        <location filename="data_strings.py" line="94"/>
        <source>semantic score</source>
        <translation>score sémantique</translation>
    </message>
    <message>
        <location filename="data_strings.py" line="95"/>
        <source>COMET</source>
        <translation>COMET</translation>
    </message>
    <message>
        <location filename="data_strings.py" line="96"/>
        <source>COMET needs a neural model download; LYSS Desktop runs offline and does not compute it</source>
        <translation>COMET demande de télécharger un modèle neuronal ; LYSS Desktop fonctionne hors ligne et ne le calcule pas</translation>
    </message>
    <message>
        <location filename="data_strings.py" line="97"/>
        <source>Behavioural</source>
        <translation>Comportement</translation>
    </message>
    <message>
        <location filename="data_strings.py" line="98"/>
        <source>code-switching (lower is better)</source>
        <translation>alternance codique (plus bas est mieux)</translation>
    </message>
    <message>
        <location filename="data_strings.py" line="99"/>
        <source>the outputs contain no words</source>
        <translation>les traductions ne contiennent aucun mot</translation>
    </message>
    <message>
        <location filename="data_strings.py" line="100"/>
        <source>hallucination (lower is better)</source>
        <translation>hallucination (plus bas est mieux)</translation>
    </message>
    <message>
        <location filename="data_strings.py" line="101"/>
        <source>terminology adherence</source>
        <translation>respect de la terminologie</translation>
    </message>
    <message>
        <location filename="data_strings.py" line="102"/>
        <source>consistency</source>
        <translation>cohérence</translation>
    </message>
    <message>
        <location filename="data_strings.py" line="103"/>
        <source>Compliance</source>
        <translation>Conformité</translation>
    </message>
    <message>
        <location filename="data_strings.py" line="104"/>
        <source>compliance index</source>
        <translation>indice de conformité</translation>
    </message>
    <message>
        <location filename="data_strings.py" line="105"/>
        <source>no entry has a check that applies (placeholders in the source, the language card&apos;s quote characters, or a caseless script)</source>
        <translation>aucune entrée n’a de vérification applicable (espaces réservés dans la source, guillemets de la fiche de langue, ou écriture sans casse)</translation>
    </message>
    <message>
        <location filename="data_strings.py" line="106"/>
        <source>repair effectiveness</source>
        <translation>efficacité de la réparation</translation>
    </message>
    <message>
        <location filename="data_strings.py" line="107"/>
        <source>Cost and speed</source>
        <translation>Coût et vitesse</translation>
    </message>
    <message>
        <location filename="data_strings.py" line="108"/>
        <source>cost-adjusted score</source>
        <translation>score ajusté au coût</translation>
    </message>
    <message>
        <location filename="data_strings.py" line="109"/>
        <source>average latency (s)</source>
        <translation>latence moyenne (s)</translation>
    </message>
    <message>
        <location filename="data_strings.py" line="110"/>
        <source>p95 latency (s)</source>
        <translation>latence p95 (s)</translation>
    </message>
    <message>
        <location filename="data_strings.py" line="111"/>
        <source>entries per minute</source>
        <translation>entrées par minute</translation>
    </message>
    <message>
        <location filename="data_strings.py" line="112"/>
        <source>fluent</source>
        <translation>fluide</translation>
    </message>
    <message>
        <location filename="data_strings.py" line="113"/>
        <source>deployable</source>
        <translation>déployable</translation>
    </message>
    <message>
        <location filename="data_strings.py" line="114"/>
        <source>functional</source>
        <translation>fonctionnel</translation>
    </message>
    <message>
        <location filename="data_strings.py" line="115"/>
        <source>emerging</source>
        <translation>émergent</translation>
    </message>
    <message>
        <location filename="data_strings.py" line="116"/>
        <source>baseline</source>
        <translation>de base</translation>
    </message>
    <message>
        <location filename="data_strings.py" line="117"/>
        <source>unscored</source>
        <translation>sans score</translation>
    </message>
    <message>
        <location filename="data_strings.py" line="118"/>
        <source>not reviewed</source>
        <translation>non examiné</translation>
    </message>
    <message>
        <location filename="data_strings.py" line="119"/>
        <source>confirmed</source>
        <translation>confirmé</translation>
    </message>
    <message>
        <location filename="data_strings.py" line="120"/>
        <source>not confirmed</source>
        <translation>non confirmé</translation>
    </message>
    <message>
        <location filename="data_strings.py" line="121"/>
        <source>insufficient reviews</source>
        <translation>examens insuffisants</translation>
    </message>
    <message>
        <location filename="data_strings.py" line="122"/>
        <source>refused</source>
        <translation>refusé</translation>
    </message>
    <message>
        <location filename="data_strings.py" line="123"/>
        <source>reached, unconfirmed</source>
        <translation>atteint, non confirmé</translation>
    </message>
    <message>
        <location filename="data_strings.py" line="124"/>
        <source>open</source>
        <translation>ouvert</translation>
    </message>
    <message>
        <location filename="data_strings.py" line="125"/>
        <source>adequacy</source>
        <translation>adéquation</translation>
    </message>
    <message>
        <location filename="data_strings.py" line="126"/>
        <source>score</source>
        <translation>score</translation>
    </message>
    <message>
        <location filename="data_strings.py" line="127"/>
        <source>verdict</source>
        <translation>verdict</translation>
    </message>
    <message>
        <location filename="data_strings.py" line="128"/>
        <source>the question asked</source>
        <translation>la question posée</translation>
    </message>
    <message>
        <location filename="data_strings.py" line="129"/>
        <source>equal</source>
        <translation>égaux</translation>
    </message>
    <message>
        <location filename="data_strings.py" line="130"/>
        <source>better</source>
        <translation>meilleur</translation>
    </message>
    <message>
        <location filename="data_strings.py" line="131"/>
        <source>at least as good</source>
        <translation>au moins aussi bon</translation>
    </message>
    <message>
        <location filename="data_strings.py" line="132"/>
        <source>worse</source>
        <translation>moins bon</translation>
    </message>
    <message>
        <location filename="data_strings.py" line="133"/>
        <source>reached</source>
        <translation>atteint</translation>
    </message>
    <message>
        <location filename="data_strings.py" line="134"/>
        <source>not reached</source>
        <translation>non atteint</translation>
    </message>
    <message>
        <location filename="data_strings.py" line="135"/>
        <source>{best} is best: no other run is more than {delta} better, after {items} sentences</source>
        <oldsource>{best} is best: no other run is more than {delta} better, after {items} segments</oldsource>
        <translation>{best} est le meilleur : aucun autre n&apos;est meilleur de plus de {delta}, après {items} phrases</translation>
    </message>
    <message>
        <location filename="data_strings.py" line="136"/>
        <source>{run} and {best} are within {delta} of each other: {best} − {run} lies between {low} and {high}</source>
        <oldsource>{best} and {tied} are within {delta} of each other; {best} has the higher mean, after {items} segments</oldsource>
        <translation>{run} et {best} sont à moins de {delta} l&apos;un de l&apos;autre : {best} − {run} se situe entre {low} et {high}</translation>
    </message>
    <message>
        <location filename="data_strings.py" line="137"/>
        <source>{run} is lower than {best}, by at least {low}</source>
        <translation>{run} est moins bon que {best}, d&apos;au moins {low}</translation>
    </message>
    <message>
        <location filename="data_strings.py" line="138"/>
        <source>{run} is not more than {delta} better than {best}, and may be lower: {best} − {run} lies between {low} and {high}</source>
        <translation>{run} n&apos;est pas meilleur que {best} de plus de {delta}, et peut être moins bon : {best} − {run} se situe entre {low} et {high}</translation>
    </message>
    <message>
        <location filename="data_strings.py" line="139"/>
        <source>{leading} − {run}: between {low} and {high} so far</source>
        <translation>{leading} − {run} : entre {low} et {high} jusqu&apos;ici</translation>
    </message>
    <message>
        <location filename="data_strings.py" line="141"/>
        <source>{run}: no longer rated</source>
        <translation>{run} : n&apos;est plus évalué</translation>
    </message>
    <message>
        <location filename="data_strings.py" line="142"/>
        <source>the chance that a run is named best while another is more than {delta} better is at most {alpha} for the whole campaign: that claim rests on the truly best run&apos;s {needed} comparisons, each checked at {per_pair}; a line on two other runs holds at {per_pair} on its own</source>
        <translation>le risque qu&apos;une version soit dite la meilleure alors qu&apos;une autre est meilleure de plus de {delta} est d&apos;au plus {alpha} pour toute la campagne : cette affirmation repose sur les {needed} comparaisons de la version vraiment la meilleure, chacune vérifiée à {per_pair} ; une ligne sur deux autres versions tient à {per_pair} seule</translation>
    </message>
    <message>
        <location filename="data_strings.py" line="145"/>
        <source>{candidate} is at least as good as {baseline}, at most {delta} worse ({candidate} − {baseline} lies between {low} and {high}), after {items} sentences</source>
        <translation>{candidate} est au moins aussi bon que {baseline}, au plus {delta} moins bon ({candidate} − {baseline} se situe entre {low} et {high}), après {items} phrases</translation>
    </message>
    <message>
        <location filename="data_strings.py" line="147"/>
        <source>is {candidate} at least as good as {baseline} (at most {delta} worse)? open after {items} sentences ({candidate} − {baseline} between {low} and {high} so far)</source>
        <translation>{candidate} est-il au moins aussi bon que {baseline} (au plus {delta} moins bon) ? ouvert après {items} phrases ({candidate} − {baseline} entre {low} et {high} jusqu&apos;ici)</translation>
    </message>
    <message>
        <location filename="data_strings.py" line="148"/>
        <source>every pair within {delta}: {settled} of {pairs} settled after {items} sentences</source>
        <translation>chaque paire à {delta} près : {settled} sur {pairs} tranchées après {items} phrases</translation>
    </message>
    <message>
        <location filename="data_strings.py" line="150"/>
        <source>{b} is better than {a} ({b} − {a} lies between {low} and {high}), after {items} sentences</source>
        <translation>{b} est meilleur que {a} ({b} − {a} se situe entre {low} et {high}), après {items} phrases</translation>
    </message>
    <message>
        <location filename="data_strings.py" line="152"/>
        <source>{a} vs {b}: open after {items} sentences ({a} − {b} between {low} and {high} so far)</source>
        <translation>{a} contre {b} : ouvert après {items} phrases ({a} − {b} entre {low} et {high} jusqu&apos;ici)</translation>
    </message>
    <message>
        <location filename="data_strings.py" line="155"/>
        <source>{system}&apos;s mean does not reach {threshold}: it lies between {low} and {high}, after {items} sentences</source>
        <translation>la moyenne de {system} n&apos;atteint pas {threshold} : elle se situe entre {low} et {high}, après {items} phrases</translation>
    </message>
    <message>
        <location filename="data_strings.py" line="156"/>
        <source>does {system}&apos;s mean reach {threshold} (within {delta})? open after {items} sentences (between {low} and {high} so far)</source>
        <translation>la moyenne de {system} atteint-elle {threshold} (à {delta} près) ? ouvert après {items} phrases (entre {low} et {high} jusqu&apos;ici)</translation>
    </message>
    <message>
        <location filename="data_strings.py" line="157"/>
        <source>{system}&apos;s tier ({tier}) is confirmed after {items} items: at least {low} of its outputs are accepted, {sure} sure (the tier needs {threshold})</source>
        <translation>le niveau de {system} ({tier}) est confirmé après {items} éléments : au moins {low} de ses traductions sont acceptées, sûr à {sure} (le niveau demande {threshold})</translation>
    </message>
    <message>
        <location filename="data_strings.py" line="158"/>
        <source>{system}&apos;s tier ({tier}) is refused after {items} items: at most {high} of its outputs are accepted, {sure} sure (the tier needs {threshold})</source>
        <translation>le niveau de {system} ({tier}) est refusé après {items} éléments : au plus {high} de ses traductions sont acceptées, sûr à {sure} (le niveau demande {threshold})</translation>
    </message>
    <message>
        <location filename="data_strings.py" line="159"/>
        <source>{system}&apos;s tier ({tier}) is refused after {items} items: at most {high} of its outputs are accepted, {sure} sure (the tier needs {threshold}) — resting on {outputs} outputs rated by {speakers} speakers, where a confirmation needs {outputs_needed} outputs and {needed} speakers</source>
        <oldsource>{system}&apos;s tier ({tier}) is refused after {items} items: at most {high} of its outputs are accepted, {sure} sure (the tier needs {threshold}) — resting on {outputs} outputs rated by {speakers} speakers, where a confirmation needs {needed} speakers</oldsource>
        <translation>le niveau de {system} ({tier}) est refusé après {items} éléments : au plus {high} de ses traductions sont acceptées, sûr à {sure} (le niveau demande {threshold}) — sur {outputs} traductions évaluées par {speakers} locuteurs, quand une confirmation demande {outputs_needed} traductions et {needed} locuteurs</translation>
    </message>
    <message>
        <location filename="data_strings.py" line="160"/>
        <source>{system}&apos;s tier ({tier}) is refused after {items} items: at most {high} of its outputs are accepted, {sure} sure (the tier needs {threshold}) — resting on {outputs} outputs rated by {speakers} speaker, where a confirmation needs {outputs_needed} outputs and {needed} speakers</source>
        <oldsource>{system}&apos;s tier ({tier}) is refused after {items} items: at most {high} of its outputs are accepted, {sure} sure (the tier needs {threshold}) — resting on {outputs} outputs rated by {speakers} speaker, where a confirmation needs {needed} speakers</oldsource>
        <translation>le niveau de {system} ({tier}) est refusé après {items} éléments : au plus {high} de ses traductions sont acceptées, sûr à {sure} (le niveau demande {threshold}) — sur {outputs} traductions évaluées par {speakers} locuteur, quand une confirmation demande {outputs_needed} traductions et {needed} locuteurs</translation>
    </message>
    <message>
        <location filename="data_strings.py" line="161"/>
        <source>{system}: at least {low} of its outputs are accepted after {items} items, {sure} sure — enough for its tier ({tier}, which needs {threshold}) — but the tier is not confirmed: {missing}</source>
        <translation>{system} : au moins {low} de ses traductions sont acceptées après {items} éléments, sûr à {sure} — assez pour son niveau ({tier}, qui demande {threshold}) — mais le niveau n&apos;est pas confirmé : {missing}</translation>
    </message>
    <message>
        <location filename="data_strings.py" line="162"/>
        <source>{system}&apos;s tier ({tier}) is confirmed after {items} items, every one rated: exactly {threshold} of its outputs are accepted, as many as the tier needs</source>
        <translation>le niveau de {system} ({tier}) est confirmé après {items} éléments, tous évalués : exactement {threshold} de ses traductions sont acceptées, autant que le niveau demande</translation>
    </message>
    <message>
        <location filename="data_strings.py" line="163"/>
        <source>{system}: every one of its {items} items rated, exactly {threshold} of its outputs are accepted — as many as its tier ({tier}) needs — but the tier is not confirmed: {missing}</source>
        <translation>{system} : ses {items} éléments tous évalués, exactement {threshold} de ses traductions sont acceptées — autant que son niveau ({tier}) demande — mais le niveau n&apos;est pas confirmé : {missing}</translation>
    </message>
    <message>
        <location filename="data_strings.py" line="164"/>
        <source>{system}&apos;s tier ({tier}): open after {items} items, between {low} and {high} of its outputs accepted (the tier needs {threshold})</source>
        <translation>niveau de {system} ({tier}) : ouvert après {items} éléments, entre {low} et {high} de ses traductions acceptées (le niveau demande {threshold})</translation>
    </message>
    <message>
        <location filename="data_strings.py" line="165"/>
        <source>its run card names none</source>
        <translation>sa fiche n&apos;en nomme aucun</translation>
    </message>
    <message>
        <location filename="data_strings.py" line="166"/>
        <source>since then: {items} items counted in all, {share} of them accepted</source>
        <translation>depuis : {items} éléments comptés en tout, dont {share} acceptés</translation>
    </message>
    <message>
        <location filename="data_strings.py" line="167"/>
        <source>{subject}: {verdict}, announced on {on} after {items} items, resting on {answers} answers; answers that come later do not change it</source>
        <translation>{subject} : {verdict}, annoncé le {on} après {items} éléments, sur {answers} réponses ; les réponses arrivées ensuite ne le changent pas</translation>
    </message>
    <message>
        <location filename="data_strings.py" line="168"/>
        <source>{subject}: {verdict}, announced on {on} after {items} items, resting on {answers} answer; answers that come later do not change it</source>
        <translation>{subject} : {verdict}, annoncé le {on} après {items} éléments, sur {answers} réponse ; les réponses arrivées ensuite ne le changent pas</translation>
    </message>
    <message>
        <location filename="data_strings.py" line="169"/>
        <source>{subject}: {better} better, announced on {on} after {items} items, resting on {answers} answers; answers that come later do not change it</source>
        <translation>{subject} : {better} meilleur, annoncé le {on} après {items} éléments, sur {answers} réponses ; les réponses arrivées ensuite ne le changent pas</translation>
    </message>
    <message>
        <location filename="data_strings.py" line="170"/>
        <source>{subject}: {better} better, announced on {on} after {items} items, resting on {answers} answer; answers that come later do not change it</source>
        <translation>{subject} : {better} meilleur, annoncé le {on} après {items} éléments, sur {answers} réponse ; les réponses arrivées ensuite ne le changent pas</translation>
    </message>
    <message>
        <location filename="data_strings.py" line="171"/>
        <source>{subject}: {best} best, announced on {on} after {items} items, resting on {answers} answers; answers that come later do not change it</source>
        <translation>{subject} : {best} le meilleur, annoncé le {on} après {items} éléments, sur {answers} réponses ; les réponses arrivées ensuite ne le changent pas</translation>
    </message>
    <message>
        <location filename="data_strings.py" line="172"/>
        <source>{subject}: {best} best, announced on {on} after {items} items, resting on {answers} answer; answers that come later do not change it</source>
        <translation>{subject} : {best} le meilleur, annoncé le {on} après {items} éléments, sur {answers} réponse ; les réponses arrivées ensuite ne le changent pas</translation>
    </message>
    <message>
        <location filename="data_strings.py" line="173"/>
        <source>{subject}: re-opened on {on}: {speakers} speakers withdrew, taking {answers} of the {rested} answers it rested on; decided again on the answers that remain</source>
        <translation>{subject} : rouvert le {on} : {speakers} locuteurs se sont retirés, emportant {answers} des {rested} réponses sur lesquelles il reposait ; décidé à nouveau sur les réponses qui restent</translation>
    </message>
    <message>
        <location filename="data_strings.py" line="174"/>
        <source>{subject}: re-opened on {on}: {speakers} speaker withdrew, taking {answers} of the {rested} answers it rested on; decided again on the answers that remain</source>
        <translation>{subject} : rouvert le {on} : {speakers} locuteur s&apos;est retiré, emportant {answers} des {rested} réponses sur lesquelles il reposait ; décidé à nouveau sur les réponses qui restent</translation>
    </message>
    <message>
        <location filename="data_strings.py" line="175"/>
        <source>{subject}: since then {more} more items counted ({items} in all); they do not change the verdict announced</source>
        <translation>{subject} : depuis, {more} éléments de plus comptés ({items} en tout) ; ils ne changent pas le verdict annoncé</translation>
    </message>
    <message>
        <location filename="data_strings.py" line="176"/>
        <source>{subject}: since then {more} more item counted ({items} in all); it does not change the verdict announced</source>
        <translation>{subject} : depuis, {more} élément de plus compté ({items} en tout) ; il ne change pas le verdict annoncé</translation>
    </message>
    <message>
        <location filename="data_strings.py" line="177"/>
        <source>an output is accepted when its mean {question} is at least {value} (on {low} to {high}; task {task})</source>
        <translation>une traduction est acceptée quand sa moyenne ({question}) est d&apos;au moins {value} (de {low} à {high} ; tâche {task})</translation>
    </message>
    <message>
        <location filename="data_strings.py" line="178"/>
        <source>an output is accepted when most of its speakers answer {labels} (task {task})</source>
        <translation>une traduction est acceptée quand la plupart de ses locuteurs répondent {labels} (tâche {task})</translation>
    </message>
    <message>
        <location filename="data_strings.py" line="187"/>
        <source>to the decision: about {middle} more sentences ({low} to {high}, 10–90 %), about {hours} speaker-hours ({hours_low} to {hours_high})</source>
        <translation>jusqu&apos;à la décision : environ {middle} phrases de plus ({low} à {high}, 10–90 %), environ {hours} heures-locuteur ({hours_low} à {hours_high})</translation>
    </message>
    <message>
        <location filename="data_strings.py" line="188"/>
        <source>cannot be decided within this campaign: {left} sentences left</source>
        <translation>ne peut pas être tranché dans cette campagne : il reste {left} phrases</translation>
    </message>
    <message>
        <location filename="data_strings.py" line="189"/>
        <source>may not be decided within this campaign: {left} sentences left ({share} of replays of the answers so far decide it within them)</source>
        <translation>pourrait ne pas être tranché dans cette campagne : il reste {left} phrases ({share} des rejeux des réponses actuelles le tranchent avec elles)</translation>
    </message>
    <message>
        <location filename="data_strings.py" line="190"/>
        <source>to the decision: about {middle} more sentences ({low} to more than the {left} left, 10–90 %), about {hours} speaker-hours (at least {hours_low})</source>
        <translation>jusqu&apos;à la décision : environ {middle} phrases de plus ({low} à plus que les {left} restantes, 10–90 %), environ {hours} heures-locuteur (au moins {hours_low})</translation>
    </message>
    <message>
        <location filename="data_strings.py" line="191"/>
        <source>to the decision: a forecast from {from} answered sentences on; {answered} so far</source>
        <translation>jusqu&apos;à la décision : une prévision à partir de {from} phrases répondues ; {answered} jusqu&apos;ici</translation>
    </message>
    <message>
        <location filename="data_strings.py" line="192"/>
        <source>left in the campaign: {left} sentences, {ratings} ratings, {hours} speaker-hours at most</source>
        <translation>reste dans la campagne : {left} phrases, {ratings} évaluations, {hours} heures-locuteur au plus</translation>
    </message>
    <message>
        <location filename="data_strings.py" line="193"/>
        <source>this campaign has {segments} sentences: too few to settle a difference of {delta} even if every rating differed by exactly that (at least {needed} are needed); its questions may end open</source>
        <translation>cette campagne a {segments} phrases : trop peu pour trancher un écart de {delta} même si chaque évaluation différait exactement de cela (il en faut au moins {needed}) ; ses questions peuvent rester ouvertes</translation>
    </message>
    <message>
        <location filename="data_strings.py" line="194"/>
        <source>a link, never followed or read</source>
        <translation>un lien, jamais suivi ni lu</translation>
    </message>
    <message>
        <location filename="data_strings.py" line="195"/>
        <source>a folder, never followed or read</source>
        <translation>un dossier, jamais suivi ni lu</translation>
    </message>
    <message>
        <location filename="data_strings.py" line="196"/>
        <source>not a regular file, never followed or read</source>
        <translation>pas un fichier ordinaire, jamais suivi ni lu</translation>
    </message>
    <message>
        <location filename="data_strings.py" line="197"/>
        <source>laptop {code} is not enrolled here yet: its bundle waits, unread, until the coordinator enrols it (lyss review enrol {code}); nothing else stops</source>
        <translation>l’ordinateur {code} n’est pas encore inscrit ici : son paquet attend, sans être lu, que la coordination l’inscrive (lyss review enrol {code}) ; rien d’autre ne s’arrête</translation>
    </message>
    <message>
        <location filename="data_strings.py" line="198"/>
        <source>this laptop&apos;s own bundle in the folder held what its database lacks (restored from an older backup): {counts}, taken back before publishing</source>
        <translation>le paquet de cet ordinateur dans le dossier contenait ce qui manque à sa base (restaurée d’une sauvegarde plus ancienne) : {counts}, repris avant de publier</translation>
    </message>
    <message>
        <location filename="data_strings.py" line="199"/>
        <source>this laptop&apos;s own bundle in the folder could not be read back ({why}); publishing over it</source>
        <translation>le paquet de cet ordinateur dans le dossier n’a pas pu être relu ({why}) ; il est remplacé</translation>
    </message>
    <message>
        <location filename="data_strings.py" line="200"/>
        <source>not named after a laptop code (&lt;code&gt;.lyssbundle): not read</source>
        <translation>ne porte pas le code d&apos;un ordinateur (&lt;code&gt;.lyssbundle) : non lu</translation>
    </message>
    <message>
        <location filename="data_strings.py" line="201"/>
        <source>this laptop&apos;s own name holds something that is not its bundle, and it cannot be moved aside ({why}): nothing was published</source>
        <translation>le nom de cet ordinateur désigne autre chose que son paquet, qui ne peut être mis de côté ({why}) : rien n&apos;a été publié</translation>
    </message>
    <message>
        <location filename="data_strings.py" line="202"/>
        <source>something that was not this laptop&apos;s bundle stood under its name: now {aside}</source>
        <translation>autre chose que le paquet de cet ordinateur portait son nom : désormais {aside}</translation>
    </message>
    <message>
        <location filename="data_strings.py" line="203"/>
        <source>this laptop&apos;s own bundle</source>
        <translation>le paquet de cet ordinateur</translation>
    </message>
    <message>
        <location filename="data_strings.py" line="204"/>
        <source>this laptop&apos;s own bundle could not be written ({why}); the others&apos; bundles are merged all the same</source>
        <translation>le paquet de cet ordinateur n&apos;a pas pu être écrit ({why}) ; les paquets des autres sont fusionnés quand même</translation>
    </message>
    <message>
        <location filename="data_strings.py" line="205"/>
        <source>this laptop&apos;s own bundle, {answers} answers</source>
        <translation>le paquet de cet ordinateur, {answers} réponses</translation>
    </message>
    <message>
        <location filename="data_strings.py" line="206"/>
        <source>this laptop&apos;s own bundle, {answers} answer</source>
        <translation>paquet de cet ordinateur, {answers} réponse</translation>
    </message>
    <message>
        <location filename="data_strings.py" line="207"/>
        <source>{problem}</source>
        <translation>{problem}</translation>
    </message>
    <message>
        <location filename="data_strings.py" line="208"/>
        <source>the folder could not be read ({why}: moved, removed or unmounted during the sync); nothing more was merged</source>
        <translation>le dossier n&apos;a pas pu être lu ({why} : déplacé, supprimé ou démonté pendant la synchronisation) ; rien de plus n&apos;a été fusionné</translation>
    </message>
    <message>
        <location filename="data_strings.py" line="209"/>
        <source>{reason} (unchanged since; not read again)</source>
        <translation>{reason} (inchangé depuis ; pas relu)</translation>
    </message>
    <message>
        <location filename="data_strings.py" line="210"/>
        <source>larger than any bundle this laptop takes ({size}): not read</source>
        <translation>plus grand que tout paquet que cet ordinateur accepte ({size}) : non lu</translation>
    </message>
    <message>
        <location filename="data_strings.py" line="211"/>
        <source>from {device}: {counts}</source>
        <translation>de {device} : {counts}</translation>
    </message>
    <message>
        <location filename="data_strings.py" line="212"/>
        <source>{n} answers added</source>
        <translation>{n} réponses ajoutées</translation>
    </message>
    <message>
        <location filename="data_strings.py" line="213"/>
        <source>{n} answer added</source>
        <translation>{n} réponse ajoutée</translation>
    </message>
    <message>
        <location filename="data_strings.py" line="214"/>
        <source>{n} campaigns arrived</source>
        <oldsource>{n} campaign(s) arrived</oldsource>
        <translation>{n} campagnes arrivées</translation>
    </message>
    <message>
        <location filename="data_strings.py" line="215"/>
        <source>{n} campaign arrived</source>
        <translation>{n} campagne arrivée</translation>
    </message>
    <message>
        <location filename="data_strings.py" line="216"/>
        <source>trusted coordinator</source>
        <translation>coordinateur de confiance</translation>
    </message>
    <message>
        <location filename="data_strings.py" line="217"/>
        <source>{laptop} may now send answers to campaign {campaign}</source>
        <translation>{laptop} peut désormais envoyer des réponses à la campagne {campaign}</translation>
    </message>
    <message>
        <location filename="data_strings.py" line="218"/>
        <source>{laptop} is enrolled in every campaign this laptop creates: none yet, each one from its creation</source>
        <translation>{laptop} est inscrit dans toutes les campagnes que cet ordinateur crée : aucune pour l’instant, chacune dès sa création</translation>
    </message>
    <message>
        <location filename="data_strings.py" line="219"/>
        <source>{laptop} is enrolled in every campaign this laptop coordinates: the 1 there is now and each one created later</source>
        <translation>{laptop} est inscrit dans toutes les campagnes que cet ordinateur coordonne : celle qui existe et chacune créée plus tard</translation>
    </message>
    <message>
        <location filename="data_strings.py" line="220"/>
        <source>{laptop} is enrolled in every campaign this laptop coordinates: the {n} there are now and each one created later</source>
        <translation>{laptop} est inscrit dans toutes les campagnes que cet ordinateur coordonne : les {n} qui existent et chacune créée plus tard</translation>
    </message>
    <message>
        <location filename="data_strings.py" line="221"/>
        <source>enrolled in every campaign, now and later</source>
        <translation>inscrit dans toutes les campagnes, maintenant et plus tard</translation>
    </message>
    <message>
        <location filename="data_strings.py" line="222"/>
        <source>not enrolled</source>
        <translation>non inscrit</translation>
    </message>
    <message>
        <location filename="data_strings.py" line="223"/>
        <source>enrolled in 1 campaign</source>
        <translation>inscrit dans 1 campagne</translation>
    </message>
    <message>
        <location filename="data_strings.py" line="224"/>
        <source>enrolled in {n} campaigns</source>
        <translation>inscrit dans {n} campagnes</translation>
    </message>
    <message>
        <location filename="data_strings.py" line="225"/>
        <source>{n} replaced</source>
        <translation>{n} remplacées</translation>
    </message>
    <message>
        <location filename="data_strings.py" line="226"/>
        <source>{n} answers deleted</source>
        <translation>{n} réponses supprimées</translation>
    </message>
    <message>
        <location filename="data_strings.py" line="227"/>
        <source>{n} answer deleted</source>
        <translation>{n} réponse supprimée</translation>
    </message>
    <message>
        <location filename="data_strings.py" line="228"/>
        <source>{n} speakers withdrawn</source>
        <translation>{n} locuteurs retirés</translation>
    </message>
    <message>
        <location filename="data_strings.py" line="229"/>
        <source>{n} speaker withdrawn</source>
        <translation>{n} locuteur retiré</translation>
    </message>
    <message>
        <location filename="data_strings.py" line="230"/>
        <source>{speakers}: {deleted}</source>
        <translation>{speakers} : {deleted}</translation>
    </message>
    <message>
        <location filename="data_strings.py" line="231"/>
        <source>{n} of this laptop&apos;s own answers came back signed (unchanged)</source>
        <translation>{n} des réponses de cet ordinateur sont revenues signées (inchangées)</translation>
    </message>
    <message>
        <location filename="data_strings.py" line="232"/>
        <source>nothing new — this laptop held all of it already</source>
        <translation>rien de nouveau — cet ordinateur avait déjà tout</translation>
    </message>
    <message>
        <location filename="data_strings.py" line="233"/>
        <source>this laptop&apos;s own bundle passes every check another laptop makes ({n} rows)</source>
        <translation>le paquet de cet ordinateur passe toutes les vérifications d’un autre ordinateur ({n} lignes)</translation>
    </message>
    <message>
        <location filename="data_strings.py" line="234"/>
        <source>this laptop&apos;s own bundle passes every check another laptop makes ({n} row)</source>
        <translation>le paquet de cet ordinateur passe toutes les vérifications d’un autre ordinateur ({n} ligne)</translation>
    </message>
    <message>
        <location filename="data_strings.py" line="235"/>
        <source>this laptop is not enrolled in any campaign yet: other laptops leave its bundle unread until the coordinator enrols it</source>
        <translation>cet ordinateur n’est encore inscrit dans aucune campagne : les autres ordinateurs laissent son paquet non lu jusqu’à ce que le coordinateur l’inscrive</translation>
    </message>
    <message>
        <location filename="data_strings.py" line="236"/>
        <source>other laptops would refuse this laptop&apos;s whole bundle: {problem}</source>
        <translation>les autres ordinateurs refuseraient tout le paquet de cet ordinateur : {problem}</translation>
    </message>
    <message>
        <location filename="data_strings.py" line="237"/>
        <source>{n} rows of this laptop&apos;s bundle would be refused on the other laptops: {rows}</source>
        <translation>{n} lignes du paquet de cet ordinateur seraient refusées sur les autres ordinateurs : {rows}</translation>
    </message>
    <message>
        <location filename="data_strings.py" line="238"/>
        <source>{n} row of this laptop&apos;s bundle would be refused on the other laptops: {rows}</source>
        <translation>{n} ligne du paquet de cet ordinateur serait refusée sur les autres ordinateurs : {rows}</translation>
    </message>
    <message>
        <location filename="data_strings.py" line="239"/>
        <source>{n} answers recorded here are not in the shared folder yet: sync before leaving (lyss review sync)</source>
        <translation>{n} réponses enregistrées ici ne sont pas encore dans le dossier partagé : synchronisez avant de partir (lyss review sync)</translation>
    </message>
    <message>
        <location filename="data_strings.py" line="240"/>
        <source>{n} answer recorded here is not in the shared folder yet: sync before leaving (lyss review sync)</source>
        <translation>{n} réponse enregistrée ici n’est pas encore dans le dossier partagé : synchronisez avant de partir (lyss review sync)</translation>
    </message>
    <message>
        <location filename="data_strings.py" line="241"/>
        <source>every answer recorded here is in the shared folder</source>
        <translation>chaque réponse enregistrée ici est dans le dossier partagé</translation>
    </message>
    <message>
        <location filename="data_strings.py" line="242"/>
        <source>no shared folder is synced here: {n} answers recorded here leave only in a bundle carried by hand (lyss review export-bundle)</source>
        <translation>aucun dossier partagé n’est synchronisé ici : {n} réponses enregistrées ici ne partent que dans un paquet porté à la main (lyss review export-bundle)</translation>
    </message>
    <message>
        <location filename="data_strings.py" line="243"/>
        <source>no shared folder is synced here: {n} answer recorded here leaves only in a bundle carried by hand (lyss review export-bundle)</source>
        <translation>aucun dossier partagé n’est synchronisé ici : {n} réponse enregistrée ici ne part que dans un paquet porté à la main (lyss review export-bundle)</translation>
    </message>
    <message>
        <location filename="data_strings.py" line="244"/>
        <source>no shared folder is synced here, and no answer recorded here waits to leave</source>
        <translation>aucun dossier partagé n’est synchronisé ici, et aucune réponse enregistrée ici n’attend de partir</translation>
    </message>
    <message>
        <location filename="data_strings.py" line="245"/>
        <source>the bundle of {laptop} is refused here: {reason}</source>
        <translation>le paquet de {laptop} est refusé ici : {reason}</translation>
    </message>
    <message>
        <location filename="data_strings.py" line="246"/>
        <source>the bundle of {laptop} waits: {reason}</source>
        <translation>le paquet de {laptop} attend : {reason}</translation>
    </message>
    <message>
        <location filename="data_strings.py" line="247"/>
        <source>the bundle of {laptop} merged, but {reason}</source>
        <translation>le paquet de {laptop} a été fusionné, mais {reason}</translation>
    </message>
    <message>
        <location filename="data_strings.py" line="248"/>
        <source>{waiting}, kept here until then</source>
        <translation>{waiting}, gardé ici jusque-là</translation>
    </message>
    <message>
        <location filename="data_strings.py" line="249"/>
        <source>no bundle of {laptop} has been seen here yet: sync it once with this laptop before the field</source>
        <translation>aucun paquet de {laptop} n’a encore été vu ici : synchronisez-le une fois avec cet ordinateur avant le terrain</translation>
    </message>
    <message>
        <location filename="data_strings.py" line="250"/>
        <source>nothing stands between this laptop and its circle</source>
        <translation>rien ne sépare cet ordinateur de son cercle</translation>
    </message>
    <message>
        <location filename="data_strings.py" line="251"/>
        <source>{n} things to settle before the laptops leave</source>
        <translation>{n} points à régler avant le départ des ordinateurs</translation>
    </message>
    <message>
        <location filename="data_strings.py" line="252"/>
        <source>{n} thing to settle before the laptops leave</source>
        <translation>{n} point à régler avant le départ des ordinateurs</translation>
    </message>
    <message>
        <location filename="data_strings.py" line="253"/>
        <source>campaign {campaign} is {kept} in the circle, made earlier: this laptop&apos;s later copy of it, {mine}, gives way</source>
        <translation>la campagne {campaign} est {kept} dans le cercle, créée plus tôt : la copie plus récente de cet ordinateur, {mine}, s’efface</translation>
    </message>
    <message>
        <location filename="data_strings.py" line="254"/>
        <source>the terms of campaign {campaign} (version {version}) stand as the circle first had them: this laptop&apos;s later copy gives way (lyss review amend-terms changes them)</source>
        <translation>les conditions de la campagne {campaign} (version {version}) restent telles que le cercle les a eues d’abord : la copie plus récente de cet ordinateur s’efface (lyss review amend-terms les modifie)</translation>
    </message>
    <message>
        <location filename="data_strings.py" line="255"/>
        <source>{merged} ({added}), {refused}</source>
        <translation>{merged} ({added}), {refused}</translation>
    </message>
    <message>
        <location filename="data_strings.py" line="256"/>
        <source>{n} bundles merged</source>
        <translation>{n} paquets fusionnés</translation>
    </message>
    <message>
        <location filename="data_strings.py" line="257"/>
        <source>{n} bundle merged</source>
        <translation>{n} paquet fusionné</translation>
    </message>
    <message>
        <location filename="data_strings.py" line="258"/>
        <source>{n} bundles refused</source>
        <translation>{n} paquets refusés</translation>
    </message>
    <message>
        <location filename="data_strings.py" line="259"/>
        <source>{n} bundle refused</source>
        <translation>{n} paquet refusé</translation>
    </message>
    <message>
        <location filename="data_strings.py" line="260"/>
        <source>{n} refused (revoked laptop)</source>
        <translation>{n} refusées (ordinateur révoqué)</translation>
    </message>
    <message>
        <location filename="data_strings.py" line="261"/>
        <source>{n} rows that waited were placed</source>
        <translation>{n} lignes en attente ont été placées</translation>
    </message>
    <message>
        <location filename="data_strings.py" line="262"/>
        <source>{n} row that waited was placed</source>
        <translation>{n} ligne en attente a été placée</translation>
    </message>
    <message>
        <location filename="data_strings.py" line="263"/>
        <source>{waits} (kept here until then)</source>
        <translation>{waits} (gardées ici d&apos;ici là)</translation>
    </message>
    <message>
        <location filename="data_strings.py" line="264"/>
        <source>{n} rows refused alone, each for the reason it gives (the rest merged): {rows}</source>
        <translation>{n} lignes refusées seules, chacune pour la raison qu’elle donne (le reste a été fusionné) : {rows}</translation>
    </message>
    <message>
        <location filename="data_strings.py" line="265"/>
        <source>{n} row refused alone, for the reason it gives (the rest merged): {rows}</source>
        <translation>{n} ligne refusée seule, pour la raison qu’elle donne (le reste a été fusionné) : {rows}</translation>
    </message>
    <message>
        <location filename="data_strings.py" line="268"/>
        <source>task {task}, {kind}, alpha {alpha}: {answers} answers; {counted} of {items} items count so far (an item counts once rated {ratings}×)</source>
        <translation>tâche {task}, {kind}, alpha {alpha} : {answers} réponses ; {counted} éléments sur {items} comptent jusqu’ici (un élément compte une fois noté {ratings}×)</translation>
    </message>
    <message>
        <location filename="data_strings.py" line="269"/>
        <source>task {task}, {kind}, alpha {alpha}: {answers} answer; {counted} of {items} items count so far (an item counts once rated {ratings}×)</source>
        <translation>tâche {task}, {kind}, alpha {alpha} : {answers} réponse ; {counted} éléments sur {items} comptent jusqu’ici (un élément compte une fois noté {ratings}×)</translation>
    </message>
    <message>
        <location filename="data_strings.py" line="272"/>
        <source>order: drawn when the campaign was made, from seed {seed}, over the items&apos; content (the questions take the items in that order)</source>
        <translation>ordre : tiré à la création de la campagne, de la graine {seed}, sur le contenu des éléments (les questions prennent les éléments dans cet ordre)</translation>
    </message>
    <message>
        <location filename="data_strings.py" line="273"/>
        <source>order: drawn when the campaign was made, from seed {seed} (the coordinator&apos;s --seed {chosen} with the laptop&apos;s own random key, fixed before any answer), over the items&apos; content (the questions take the items in that order)</source>
        <translation>ordre : tiré à la création de la campagne, de la graine {seed} (le --seed {chosen} du coordinateur avec la clé aléatoire propre à l&apos;ordinateur, fixée avant toute réponse), sur le contenu des éléments (les questions prennent les éléments dans cet ordre)</translation>
    </message>
    <message>
        <location filename="data_strings.py" line="274"/>
        <source>order: drawn from the imported rows&apos; content alone (the same rows give the same order, and the same verdict, under any file name)</source>
        <translation>ordre : tiré du seul contenu des lignes importées (les mêmes lignes donnent le même ordre, et le même verdict, quel que soit le nom du fichier)</translation>
    </message>
    <message>
        <location filename="data_strings.py" line="275"/>
        <source>order: each item where it was first served, drawn at random among the open ones at that moment</source>
        <translation>ordre : chaque élément à sa place de première présentation, tiré au hasard parmi ceux encore ouverts à ce moment</translation>
    </message>
    <message>
        <location filename="data_strings.py" line="276"/>
        <source>imported from {file} on {on}: {rows} rows (SHA-256 {digest}…)</source>
        <translation>importé de {file} le {on} : {rows} lignes (SHA-256 {digest}…)</translation>
    </message>
    <message>
        <location filename="data_strings.py" line="277"/>
        <source>imported from {file} on {on}: {rows} row (SHA-256 {digest}…)</source>
        <translation>importé de {file} le {on} : {rows} ligne (SHA-256 {digest}…)</translation>
    </message>
    <message>
        <location filename="data_strings.py" line="278"/>
        <source>imported again on {on} from {file}: {added} ratings added (SHA-256 {digest}…)</source>
        <translation>importé à nouveau le {on} de {file} : {added} notes ajoutées (SHA-256 {digest}…)</translation>
    </message>
    <message>
        <location filename="data_strings.py" line="279"/>
        <source>imported again on {on} from {file}: {added} rating added (SHA-256 {digest}…)</source>
        <translation>importé à nouveau le {on} de {file} : {added} note ajoutée (SHA-256 {digest}…)</translation>
    </message>
    <message>
        <location filename="data_strings.py" line="288"/>
        <source>this laptop was revoked by the coordinator from {since}: answers recorded here would be refused on every other laptop, so none is recorded (what it holds stays); ask the coordinator</source>
        <translation>cet ordinateur a été révoqué par le coordinateur à partir du {since} : les réponses enregistrées ici seraient refusées par tous les autres ordinateurs, aucune n&apos;est donc enregistrée (ce qu&apos;il contient reste) ; adressez-vous au coordinateur</translation>
    </message>
    <message>
        <location filename="data_strings.py" line="289"/>
        <source>this laptop ({code}) is not enrolled in campaign {campaign}: answers recorded here would be refused on every other laptop, so none is recorded; its coordinator enrols it with: lyss review enrol {code} --campaign {campaign}</source>
        <translation>cet ordinateur ({code}) n&apos;est pas inscrit à la campagne {campaign} : les réponses enregistrées ici seraient refusées par tous les autres ordinateurs, aucune n&apos;est donc enregistrée ; son coordinateur l&apos;inscrit avec : lyss review enrol {code} --campaign {campaign}</translation>
    </message>
    <message>
        <location filename="data_strings.py" line="290"/>
        <source>speaker {speaker} was handed over to laptop {holder} on {when}: their answers are recorded there now, not on this laptop ({code})</source>
        <translation>le locuteur {speaker} a été confié à l&apos;ordinateur {holder} le {when} : ses réponses y sont enregistrées désormais, pas sur cet ordinateur ({code})</translation>
    </message>
    <message>
        <location filename="data_strings.py" line="291"/>
        <source>registered on laptop {registrar}: only that laptop records their answers, unless the coordinator hands them over (lyss review hand-over {speaker} {code})</source>
        <translation>inscrit sur l&apos;ordinateur {registrar} : seul cet ordinateur enregistre ses réponses, à moins que le coordinateur ne le confie à un autre (lyss review hand-over {speaker} {code})</translation>
    </message>
    <message>
        <location filename="data_strings.py" line="292"/>
        <source>(from laptop {code})</source>
        <translation>(de l&apos;ordinateur {code})</translation>
    </message>
    <message>
        <location filename="data_strings.py" line="293"/>
        <source>(imported rater)</source>
        <translation>(évaluateur importé)</translation>
    </message>
    <message>
        <location filename="data_strings.py" line="294"/>
        <source>(unknown speaker)</source>
        <translation>(locuteur inconnu)</translation>
    </message>
    <message>
        <location filename="data_strings.py" line="295"/>
        <source>{table} row {n}</source>
        <translation>{table} ligne {n}</translation>
    </message>
    <message>
        <location filename="data_strings.py" line="296"/>
        <source>{table} row {n} ({id})</source>
        <translation>{table} ligne {n} ({id})</translation>
    </message>
    <message>
        <location filename="data_strings.py" line="297"/>
        <source>{table} row {n} (run {id})</source>
        <translation>{table} ligne {n} (exécution {id})</translation>
    </message>
    <message>
        <location filename="data_strings.py" line="298"/>
        <source>{table} row {n} (item {id})</source>
        <translation>{table} ligne {n} (élément {id})</translation>
    </message>
    <message>
        <location filename="data_strings.py" line="299"/>
        <source>{table} row {n} (laptop {id})</source>
        <translation>{table} ligne {n} (ordinateur {id})</translation>
    </message>
    <message>
        <location filename="data_strings.py" line="300"/>
        <source>{table} row {n} ({speaker} position {position})</source>
        <translation>{table} ligne {n} ({speaker} position {position})</translation>
    </message>
    <message>
        <location filename="data_strings.py" line="301"/>
        <source>{table} row {n} {column}</source>
        <translation>{table} ligne {n} {column}</translation>
    </message>
    <message>
        <location filename="data_strings.py" line="302"/>
        <source>{place}: a conflict — this laptop holds other content under this id (it differs in {columns}), and content-addressed rows never change</source>
        <translation>{place} : un conflit — cet ordinateur détient un autre contenu sous cet identifiant (il diffère par {columns}), et une ligne identifiée par son contenu ne change jamais</translation>
    </message>
    <message>
        <location filename="data_strings.py" line="303"/>
        <source>a campaign of coordinator {coordinator}</source>
        <translation>une campagne du coordinateur {coordinator}</translation>
    </message>
    <message>
        <location filename="data_strings.py" line="304"/>
        <source>{place}: run {run} belongs to coordinator {owners}, not {signer}</source>
        <translation>{place} : l&apos;exécution {run} appartient au coordinateur {owners}, non à {signer}</translation>
    </message>
    <message>
        <location filename="data_strings.py" line="305"/>
        <source>the sequence of laptop {laptop} that uses degraded item {item}</source>
        <translation>la séquence de l&apos;ordinateur {laptop} qui utilise l&apos;élément dégradé {item}</translation>
    </message>
    <message>
        <location filename="data_strings.py" line="306"/>
        <source>{place}: degraded item {item} belongs to the laptop whose speaker&apos;s sequence uses it ({makers}), not {signer}</source>
        <translation>{place} : l&apos;élément dégradé {item} appartient à l&apos;ordinateur dont la séquence d&apos;un locuteur l&apos;utilise ({makers}), non à {signer}</translation>
    </message>
    <message>
        <location filename="data_strings.py" line="307"/>
        <source>{place}: item {item} belongs to coordinator {owners}, not {signer}</source>
        <translation>{place} : l&apos;élément {item} appartient au coordinateur {owners}, non à {signer}</translation>
    </message>
    <message>
        <location filename="data_strings.py" line="308"/>
        <source>{place}: human scores of item {item} belong to coordinator {owners}, not {signer}</source>
        <translation>{place} : les scores humains de l&apos;élément {item} appartiennent au coordinateur {owners}, non à {signer}</translation>
    </message>
    <message>
        <location filename="data_strings.py" line="309"/>
        <source>{place}: a hand-over for campaign {campaign} belongs to coordinator {coordinator}, not {signer}</source>
        <translation>{place} : une passation pour la campagne {campaign} appartient au coordinateur {coordinator}, non à {signer}</translation>
    </message>
    <message>
        <location filename="data_strings.py" line="310"/>
        <source>{place}: a revocation for campaign {campaign} belongs to coordinator {coordinator}, not {signer}</source>
        <translation>{place} : une révocation pour la campagne {campaign} appartient au coordinateur {coordinator}, non à {signer}</translation>
    </message>
    <message>
        <location filename="data_strings.py" line="311"/>
        <source>{place}: the community&apos;s terms for campaign {campaign} belongs to coordinator {coordinator}, not {signer}</source>
        <translation>{place} : les conditions de la communauté pour la campagne {campaign} appartiennent au coordinateur {coordinator}, non à {signer}</translation>
    </message>
    <message>
        <location filename="data_strings.py" line="312"/>
        <source>{place}: a council&apos;s decision for campaign {campaign} belongs to coordinator {coordinator}, not {signer}</source>
        <translation>{place} : une décision du conseil pour la campagne {campaign} appartient au coordinateur {coordinator}, non à {signer}</translation>
    </message>
    <message>
        <location filename="data_strings.py" line="313"/>
        <source>{place}: a verdict as announced for campaign {campaign} belongs to coordinator {coordinator}, not {signer}</source>
        <translation>{place} : un verdict tel qu&apos;annoncé pour la campagne {campaign} appartient au coordinateur {coordinator}, non à {signer}</translation>
    </message>
    <message>
        <location filename="data_strings.py" line="314"/>
        <source>{place}: speaker {speaker} belongs to laptop {registrar}, which registered them, not {signer}</source>
        <translation>{place} : le locuteur {speaker} appartient à l&apos;ordinateur {registrar}, qui l&apos;a inscrit, non à {signer}</translation>
    </message>
    <message>
        <location filename="data_strings.py" line="315"/>
        <source>laptop {code}&apos;s enrolment or trust</source>
        <translation>l&apos;inscription de l&apos;ordinateur {code} ou la confiance en lui</translation>
    </message>
    <message>
        <location filename="data_strings.py" line="316"/>
        <source>{place}: speaker {speaker} (registered before signing) travels only from a coordinator or an enrolled laptop</source>
        <translation>{place} : le locuteur {speaker} (inscrit avant les signatures) ne voyage que depuis un coordinateur ou un ordinateur inscrit</translation>
    </message>
    <message>
        <location filename="data_strings.py" line="317"/>
        <source>{place}: speaker {speaker}&apos;s sequence belongs to laptop {registrar}, which registered them, not {signer}</source>
        <translation>{place} : la séquence du locuteur {speaker} appartient à l&apos;ordinateur {registrar}, qui l&apos;a inscrit, non à {signer}</translation>
    </message>
    <message>
        <location filename="data_strings.py" line="318"/>
        <source>laptop {code}&apos;s enrolment in campaign {campaign} (its coordinator: lyss review enrol {code} --campaign {campaign})</source>
        <translation>l&apos;inscription de l&apos;ordinateur {code} à la campagne {campaign} (par son coordinateur : lyss review enrol {code} --campaign {campaign})</translation>
    </message>
    <message>
        <location filename="data_strings.py" line="319"/>
        <source>{place}: laptop {laptop} is not enrolled in campaign {campaign}</source>
        <translation>{place} : l&apos;ordinateur {laptop} n&apos;est pas inscrit à la campagne {campaign}</translation>
    </message>
    <message>
        <location filename="data_strings.py" line="320"/>
        <source>{place}: item {item} is not an item of campaign {campaign}</source>
        <translation>{place} : l&apos;élément {item} n&apos;est pas un élément de la campagne {campaign}</translation>
    </message>
    <message>
        <location filename="data_strings.py" line="321"/>
        <source>assignments ({speaker} position {position}): speaker {speaker}&apos;s sequence in campaign {campaign} gives item {item} at positions {first} and {position}: one speaker rates an item once (a quality-control repeat aside)</source>
        <translation>assignments ({speaker} position {position}) : la séquence du locuteur {speaker} dans la campagne {campaign} donne l&apos;élément {item} aux positions {first} et {position} : un locuteur évalue un élément une fois (hors répétition de contrôle qualité)</translation>
    </message>
    <message>
        <location filename="data_strings.py" line="322"/>
        <source>{place}: an answer recorded on laptop {laptop} belongs to that laptop, not {signer}</source>
        <translation>{place} : une réponse enregistrée sur l&apos;ordinateur {laptop} appartient à cet ordinateur, non à {signer}</translation>
    </message>
    <message>
        <location filename="data_strings.py" line="323"/>
        <source>{place}: recorded on laptop {laptop} after speaker {speaker} was handed over to laptop {holder} on {when}: it never replaces their answers there</source>
        <translation>{place} : enregistrée sur l&apos;ordinateur {laptop} après que le locuteur {speaker} a été confié à l&apos;ordinateur {holder} le {when} : elle ne remplace jamais ses réponses là-bas</translation>
    </message>
    <message>
        <location filename="data_strings.py" line="324"/>
        <source>the coordinator&apos;s hand-over of speaker {speaker} to laptop {laptop}</source>
        <translation>la passation du locuteur {speaker} à l&apos;ordinateur {laptop} par le coordinateur</translation>
    </message>
    <message>
        <location filename="data_strings.py" line="325"/>
        <source>{place}: speaker {speaker} belongs to laptop {registrar}, and the coordinator has not handed them over to {laptop}</source>
        <translation>{place} : le locuteur {speaker} appartient à l&apos;ordinateur {registrar}, et le coordinateur ne l&apos;a pas confié à {laptop}</translation>
    </message>
    <message>
        <location filename="data_strings.py" line="326"/>
        <source>position {position} of speaker {speaker}&apos;s sequence in campaign {campaign}</source>
        <translation>la position {position} de la séquence du locuteur {speaker} dans la campagne {campaign}</translation>
    </message>
    <message>
        <location filename="data_strings.py" line="327"/>
        <source>{place}: speaker {speaker}&apos;s sequence in campaign {campaign} has no position {position}</source>
        <translation>{place} : la séquence du locuteur {speaker} dans la campagne {campaign} n&apos;a pas de position {position}</translation>
    </message>
    <message>
        <location filename="data_strings.py" line="328"/>
        <source>{place}: position {position} of speaker {speaker}&apos;s sequence holds item {held}, not {item}</source>
        <translation>{place} : la position {position} de la séquence du locuteur {speaker} contient l&apos;élément {held}, non {item}</translation>
    </message>
    <message>
        <location filename="data_strings.py" line="329"/>
        <source>{place}: updated before it was created</source>
        <translation>{place} : modifiée avant d&apos;avoir été créée</translation>
    </message>
    <message>
        <location filename="data_strings.py" line="330"/>
        <source>{place}: answered before the item appeared (ended_at before started_at)</source>
        <translation>{place} : répondue avant que l&apos;élément n&apos;apparaisse (ended_at avant started_at)</translation>
    </message>
    <message>
        <location filename="data_strings.py" line="331"/>
        <source>{place}: more time away than time on screen (away_seconds above seconds)</source>
        <translation>{place} : plus de temps absent que de temps à l&apos;écran (away_seconds au-dessus de seconds)</translation>
    </message>
    <message>
        <location filename="data_strings.py" line="332"/>
        <source>campaign {id} from its coordinator</source>
        <translation>la campagne {id} de son coordinateur</translation>
    </message>
    <message>
        <location filename="data_strings.py" line="333"/>
        <source>run {id} from its coordinator</source>
        <translation>l&apos;exécution {id} de son coordinateur</translation>
    </message>
    <message>
        <location filename="data_strings.py" line="334"/>
        <source>item {id} from its coordinator</source>
        <translation>l&apos;élément {id} de son coordinateur</translation>
    </message>
    <message>
        <location filename="data_strings.py" line="335"/>
        <source>speaker {id} from the laptop that registered them</source>
        <translation>le locuteur {id} de l&apos;ordinateur qui l&apos;a inscrit</translation>
    </message>
    <message>
        <location filename="data_strings.py" line="336"/>
        <source>{place}: {value} is neither in the bundle nor on this laptop</source>
        <translation>{place} : {value} n&apos;est ni dans le paquet ni sur cet ordinateur</translation>
    </message>
    <message>
        <location filename="data_strings.py" line="337"/>
        <source>{place}: {problem}</source>
        <translation>{place} : {problem}</translation>
    </message>
    <message>
        <location filename="data_strings.py" line="338"/>
        <source>{place}: out of range</source>
        <translation>{place} : hors limites</translation>
    </message>
    <message>
        <location filename="data_strings.py" line="339"/>
        <source>{place}: unknown task {task} (made by a newer LYSS? update LYSS on this laptop)</source>
        <translation>{place} : tâche inconnue {task} (créée par un LYSS plus récent ? mettez LYSS à jour sur cet ordinateur)</translation>
    </message>
    <message>
        <location filename="data_strings.py" line="340"/>
        <source>this laptop&apos;s trust in coordinator {code} (if that is your coordinator: lyss review trust {code})</source>
        <translation>la confiance de cet ordinateur envers le coordinateur {code} (si c&apos;est votre coordinateur : lyss review trust {code})</translation>
    </message>
    <message>
        <location filename="data_strings.py" line="341"/>
        <source>campaign {campaign} comes from coordinator {code}, whom this laptop does not trust</source>
        <translation>la campagne {campaign} vient du coordinateur {code}, auquel cet ordinateur ne fait pas confiance</translation>
    </message>
    <message>
        <location filename="data_strings.py" line="342"/>
        <source>{text}</source>
        <translation>{text}</translation>
    </message>
    <message>
        <location filename="data_strings.py" line="343"/>
        <source>{n} answers</source>
        <translation>{n} réponses</translation>
    </message>
    <message>
        <location filename="data_strings.py" line="344"/>
        <source>{n} answer</source>
        <translation>{n} réponse</translation>
    </message>
    <message>
        <location filename="data_strings.py" line="345"/>
        <source>{n} other rows</source>
        <translation>{n} autres lignes</translation>
    </message>
    <message>
        <location filename="data_strings.py" line="346"/>
        <source>{n} other row</source>
        <translation>{n} autre ligne</translation>
    </message>
    <message>
        <location filename="data_strings.py" line="347"/>
        <source>{n} rows</source>
        <translation>{n} lignes</translation>
    </message>
    <message>
        <location filename="data_strings.py" line="348"/>
        <source>{n} row</source>
        <translation>{n} ligne</translation>
    </message>
    <message>
        <location filename="data_strings.py" line="349"/>
        <source>{answers} and {others} wait for {waits}</source>
        <translation>{answers} et {others} attendent {waits}</translation>
    </message>
    <message>
        <location filename="data_strings.py" line="350"/>
        <source>{what} wait for {waits}</source>
        <translation>{what} attendent {waits}</translation>
    </message>
    <message>
        <location filename="data_strings.py" line="351"/>
        <source>{what} waits for {waits}</source>
        <translation>{what} attend {waits}</translation>
    </message>
    <message>
        <location filename="data_strings.py" line="352"/>
        <source>{size}, larger than any bundle this laptop takes ({cap}: {factor}× the largest it has seen): not read</source>
        <translation>{size}, plus grand que tout paquet que cet ordinateur accepte ({cap} : {factor}× le plus grand qu&apos;il ait vu) : non lu</translation>
    </message>
    <message>
        <location filename="data_strings.py" line="353"/>
        <source>an encrypted member: not a LYSS bundle; refused, nothing was merged</source>
        <translation>un membre chiffré : ce n&apos;est pas un paquet LYSS ; refusé, rien n&apos;a été fusionné</translation>
    </message>
    <message>
        <location filename="data_strings.py" line="354"/>
        <source>larger than {kib} KiB unpacked: refused, nothing was merged</source>
        <translation>plus de {kib} Kio une fois décompressé : refusé, rien n&apos;a été fusionné</translation>
    </message>
    <message>
        <location filename="data_strings.py" line="355"/>
        <source>unpacks to more than {mib} MiB, over {ratio}× the file&apos;s size (a zip bomb?): refused, nothing was merged</source>
        <translation>se décompresse en plus de {mib} Mio, plus de {ratio}× la taille du fichier (une bombe zip ?) : refusé, rien n&apos;a été fusionné</translation>
    </message>
    <message>
        <location filename="data_strings.py" line="356"/>
        <source>damaged (not valid JSON): nothing was merged</source>
        <translation>endommagé (JSON non valide) : rien n&apos;a été fusionné</translation>
    </message>
    <message>
        <location filename="data_strings.py" line="357"/>
        <source>not a LYSS bundle (unexpected member): nothing was merged</source>
        <translation>ce n&apos;est pas un paquet LYSS (membre inattendu) : rien n&apos;a été fusionné</translation>
    </message>
    <message>
        <location filename="data_strings.py" line="358"/>
        <source>file not found</source>
        <translation>fichier introuvable</translation>
    </message>
    <message>
        <location filename="data_strings.py" line="359"/>
        <source>not a readable LYSS bundle ({error}): nothing was merged</source>
        <translation>paquet LYSS illisible ({error}) : rien n&apos;a été fusionné</translation>
    </message>
    <message>
        <location filename="data_strings.py" line="360"/>
        <source>not a LYSS bundle (no manifest or no data): nothing was merged</source>
        <translation>ce n&apos;est pas un paquet LYSS (ni manifeste ni données) : rien n&apos;a été fusionné</translation>
    </message>
    <message>
        <location filename="data_strings.py" line="361"/>
        <source>not a LYSS review bundle</source>
        <translation>ce n&apos;est pas un paquet d&apos;évaluation LYSS</translation>
    </message>
    <message>
        <location filename="data_strings.py" line="362"/>
        <source>no schema version: nothing was merged</source>
        <translation>aucune version de schéma : rien n&apos;a été fusionné</translation>
    </message>
    <message>
        <location filename="data_strings.py" line="363"/>
        <source>made by a newer LYSS (schema {version}); update before merging</source>
        <translation>créé par un LYSS plus récent (schéma {version}) ; mettez à jour avant de fusionner</translation>
    </message>
    <message>
        <location filename="data_strings.py" line="364"/>
        <source>made by an older LYSS (schema {version}), whose rows are not signed by their authors: update LYSS on that laptop and export again; nothing was merged</source>
        <translation>créé par un LYSS plus ancien (schéma {version}), dont les lignes ne sont pas signées par leurs auteurs : mettez LYSS à jour sur cet ordinateur et exportez à nouveau ; rien n&apos;a été fusionné</translation>
    </message>
    <message>
        <location filename="data_strings.py" line="365"/>
        <source>unsigned bundle (made by an older LYSS or by hand): refused, nothing was merged</source>
        <translation>paquet non signé (créé par un LYSS plus ancien ou à la main) : refusé, rien n&apos;a été fusionné</translation>
    </message>
    <message>
        <location filename="data_strings.py" line="366"/>
        <source>the signature does not hold: the bundle was altered after signing; refused, nothing was merged</source>
        <translation>la signature ne tient pas : le paquet a été modifié après sa signature ; refusé, rien n&apos;a été fusionné</translation>
    </message>
    <message>
        <location filename="data_strings.py" line="367"/>
        <source>does not match the signed manifest: the bundle was altered after signing; refused, nothing was merged</source>
        <translation>ne correspond pas au manifeste signé : le paquet a été modifié après sa signature ; refusé, rien n&apos;a été fusionné</translation>
    </message>
    <message>
        <location filename="data_strings.py" line="368"/>
        <source>damaged data: nothing was merged</source>
        <translation>données endommagées : rien n&apos;a été fusionné</translation>
    </message>
    <message>
        <location filename="data_strings.py" line="369"/>
        <source>missing table {table}: nothing was merged</source>
        <translation>table {table} manquante : rien n&apos;a été fusionné</translation>
    </message>
    <message>
        <location filename="data_strings.py" line="370"/>
        <source>must be an object: nothing was merged</source>
        <translation>doit être un objet : rien n&apos;a été fusionné</translation>
    </message>
    <message>
        <location filename="data_strings.py" line="371"/>
        <source>unknown column {column}: nothing was merged</source>
        <translation>colonne inconnue {column} : rien n&apos;a été fusionné</translation>
    </message>
    <message>
        <location filename="data_strings.py" line="372"/>
        <source>missing column {column}: nothing was merged</source>
        <translation>colonne manquante {column} : rien n&apos;a été fusionné</translation>
    </message>
    <message>
        <location filename="data_strings.py" line="373"/>
        <source>is missing (null): nothing was merged</source>
        <translation>est absent (null) : rien n&apos;a été fusionné</translation>
    </message>
    <message>
        <location filename="data_strings.py" line="374"/>
        <source>{problem}: nothing was merged</source>
        <translation>{problem} : rien n&apos;a été fusionné</translation>
    </message>
    <message>
        <location filename="data_strings.py" line="375"/>
        <source>its author&apos;s signature does not hold (forged or altered): nothing was merged</source>
        <translation>la signature de son auteur ne tient pas (falsifiée ou modifiée) : rien n&apos;a été fusionné</translation>
    </message>
    <message>
        <location filename="data_strings.py" line="376"/>
        <source>its coordinator&apos;s signature does not hold (altered): nothing was merged</source>
        <translation>la signature de son coordinateur ne tient pas (modifiée) : rien n&apos;a été fusionné</translation>
    </message>
    <message>
        <location filename="data_strings.py" line="377"/>
        <source>claims another coordinator than the campaign on this laptop: nothing was merged</source>
        <translation>se réclame d&apos;un autre coordinateur que la campagne sur cet ordinateur : rien n&apos;a été fusionné</translation>
    </message>
    <message>
        <location filename="data_strings.py" line="378"/>
        <source>an item list without its signed campaign: nothing was merged</source>
        <translation>une liste d&apos;éléments sans sa campagne signée : rien n&apos;a été fusionné</translation>
    </message>
    <message>
        <location filename="data_strings.py" line="379"/>
        <source>not signed by the campaign&apos;s coordinator: nothing was merged</source>
        <translation>non signé par le coordinateur de la campagne : rien n&apos;a été fusionné</translation>
    </message>
    <message>
        <location filename="data_strings.py" line="380"/>
        <source>its id was not made by the laptop it names: nothing was merged</source>
        <translation>son identifiant n&apos;a pas été créé par l&apos;ordinateur qu&apos;il nomme : rien n&apos;a été fusionné</translation>
    </message>
    <message>
        <location filename="data_strings.py" line="381"/>
        <source>its signature does not hold (forged or altered): nothing was merged</source>
        <translation>sa signature ne tient pas (falsifiée ou modifiée) : rien n&apos;a été fusionné</translation>
    </message>
    <message>
        <location filename="data_strings.py" line="382"/>
        <source>comes from coordinator {code}, whom this laptop does not trust (if that is your coordinator: lyss review trust {code}); nothing was merged</source>
        <translation>vient du coordinateur {code}, auquel cet ordinateur ne fait pas confiance (si c&apos;est votre coordinateur : lyss review trust {code}) ; rien n&apos;a été fusionné</translation>
    </message>
    <message>
        <location filename="data_strings.py" line="383"/>
        <source>signed by laptop {code}, which is not enrolled in any campaign here nor a trusted coordinator; nothing was merged</source>
        <translation>signé par l&apos;ordinateur {code}, qui n&apos;est inscrit à aucune campagne ici ni coordinateur de confiance ; rien n&apos;a été fusionné</translation>
    </message>
    <message>
        <location filename="data_strings.py" line="384"/>
        <source>two different contents under one id: nothing was merged</source>
        <translation>deux contenus différents sous un même identifiant : rien n&apos;a été fusionné</translation>
    </message>
    <message>
        <location filename="data_strings.py" line="385"/>
        <source>must be text of 1 to {longest} characters (no control characters)</source>
        <translation>doit être un texte de 1 à {longest} caractères (sans caractères de contrôle)</translation>
    </message>
    <message>
        <location filename="data_strings.py" line="386"/>
        <source>the terms are a JSON object: community, licence, labels, uses, contact</source>
        <translation>les conditions sont un objet JSON : community, licence, labels, uses, contact</translation>
    </message>
    <message>
        <location filename="data_strings.py" line="387"/>
        <source>not a field of the terms (community, licence, labels, uses, contact)</source>
        <translation>n&apos;est pas un champ des conditions (community, licence, labels, uses, contact)</translation>
    </message>
    <message>
        <location filename="data_strings.py" line="388"/>
        <source>{licence}: one of {licences}, or the community&apos;s own licence as {{&quot;name&quot;: …, &quot;text&quot;: …}}</source>
        <translation>{licence} : l&apos;une de {licences}, ou la licence propre de la communauté sous la forme {{&quot;name&quot;: …, &quot;text&quot;: …}}</translation>
    </message>
    <message>
        <location filename="data_strings.py" line="389"/>
        <source>one of {licences}, or {{&quot;name&quot;: …, &quot;text&quot;: …}}</source>
        <translation>l&apos;une de {licences}, ou {{&quot;name&quot;: …, &quot;text&quot;: …}}</translation>
    </message>
    <message>
        <location filename="data_strings.py" line="390"/>
        <source>a list of {{&quot;name&quot;: …, &quot;text&quot;: …}}</source>
        <translation>une liste de {{&quot;name&quot;: …, &quot;text&quot;: …}}</translation>
    </message>
    <message>
        <location filename="data_strings.py" line="391"/>
        <source>a list of the uses the community allows: some of {known}</source>
        <translation>une liste des usages que la communauté autorise : parmi {known}</translation>
    </message>
    <message>
        <location filename="data_strings.py" line="392"/>
        <source>{use}: one of {known}</source>
        <translation>{use} : l&apos;un de {known}</translation>
    </message>
    <message>
        <location filename="data_strings.py" line="393"/>
        <source>not a scored run card: run `lyss score RUN --out SCORED.json` first</source>
        <translation>ce n&apos;est pas une fiche d&apos;exécution notée : lancez d&apos;abord `lyss score RUN --out SCORED.json`</translation>
    </message>
    <message>
        <location filename="data_strings.py" line="394"/>
        <source>must be the object lyss score writes</source>
        <translation>doit être l&apos;objet qu&apos;écrit lyss score</translation>
    </message>
    <message>
        <location filename="data_strings.py" line="395"/>
        <source>must be text</source>
        <translation>doit être du texte</translation>
    </message>
    <message>
        <location filename="data_strings.py" line="396"/>
        <source>needs an id (text or a whole number)</source>
        <translation>il faut un identifiant (texte ou nombre entier)</translation>
    </message>
    <message>
        <location filename="data_strings.py" line="397"/>
        <source>duplicate id {id}</source>
        <translation>identifiant en double {id}</translation>
    </message>
    <message>
        <location filename="data_strings.py" line="398"/>
        <source>must be a number or text</source>
        <translation>doit être un nombre ou du texte</translation>
    </message>
    <message>
        <location filename="data_strings.py" line="399"/>
        <source>must be a finite number</source>
        <translation>doit être un nombre fini</translation>
    </message>
    <message>
        <location filename="data_strings.py" line="400"/>
        <source>must be an object</source>
        <translation>doit être un objet</translation>
    </message>
    <message>
        <location filename="data_strings.py" line="401"/>
        <source>values must be finite numbers</source>
        <translation>les valeurs doivent être des nombres finis</translation>
    </message>
    <message>
        <location filename="data_strings.py" line="402"/>
        <source>must be a list of texts</source>
        <translation>doit être une liste de textes</translation>
    </message>
    <message>
        <location filename="data_strings.py" line="403"/>
        <source>record what the speaker agreed to (consent scope)</source>
        <translation>notez ce que la personne a accepté (portée du consentement)</translation>
    </message>
    <message>
        <location filename="data_strings.py" line="404"/>
        <source>must be readable text on one line (no control characters)</source>
        <translation>doit être un texte lisible sur une ligne (sans caractères de contrôle)</translation>
    </message>
    <message>
        <location filename="data_strings.py" line="405"/>
        <source>no such speaker (lyss review list speakers shows them)</source>
        <translation>aucune personne de ce nom (lyss review list speakers les montre)</translation>
    </message>
    <message>
        <location filename="data_strings.py" line="406"/>
        <source>this speaker has withdrawn</source>
        <translation>cette personne s&apos;est retirée</translation>
    </message>
    <message>
        <location filename="data_strings.py" line="407"/>
        <source>this laptop does not coordinate that campaign</source>
        <translation>cet ordinateur ne coordonne pas cette campagne</translation>
    </message>
    <message>
        <location filename="data_strings.py" line="408"/>
        <source>this laptop coordinates no campaign yet (create one first)</source>
        <translation>cet ordinateur ne coordonne encore aucune campagne (créez-en une d&apos;abord)</translation>
    </message>
    <message>
        <location filename="data_strings.py" line="409"/>
        <source>that is this laptop&apos;s own code: a coordinator takes part in its campaigns already (enrol the field laptops&apos; codes, from `lyss review code` on each)</source>
        <translation>c&apos;est le code de cet ordinateur : un coordinateur participe déjà à ses campagnes (inscrivez les codes des ordinateurs de terrain, donnés par `lyss review code` sur chacun)</translation>
    </message>
    <message>
        <location filename="data_strings.py" line="410"/>
        <source>a laptop&apos;s name is 1 to {longest} printable characters</source>
        <translation>le nom d&apos;un ordinateur compte de 1 à {longest} caractères imprimables</translation>
    </message>
    <message>
        <location filename="data_strings.py" line="411"/>
        <source>this laptop does not trust that code</source>
        <translation>cet ordinateur ne fait pas confiance à ce code</translation>
    </message>
    <message>
        <location filename="data_strings.py" line="412"/>
        <source>that is this laptop&apos;s own code: a coordinator cannot revoke itself</source>
        <translation>c&apos;est le code de cet ordinateur : un coordinateur ne peut se révoquer lui-même</translation>
    </message>
    <message>
        <location filename="data_strings.py" line="413"/>
        <source>that laptop is not enrolled in that campaign: nothing to revoke (check the code on that laptop: lyss review code)</source>
        <translation>cet ordinateur n&apos;est pas inscrit à cette campagne : rien à révoquer (vérifiez le code sur cet ordinateur : lyss review code)</translation>
    </message>
    <message>
        <location filename="data_strings.py" line="414"/>
        <source>that laptop is not enrolled in any campaign this laptop coordinates: nothing to revoke (check the code on that laptop: lyss review code)</source>
        <translation>cet ordinateur n&apos;est inscrit à aucune campagne que coordonne cet ordinateur : rien à révoquer (vérifiez le code sur cet ordinateur : lyss review code)</translation>
    </message>
    <message>
        <location filename="data_strings.py" line="415"/>
        <source>not a laptop code (four groups of four letters or digits and a check character, as `lyss review code` shows on that laptop)</source>
        <translation>ce n&apos;est pas un code d&apos;ordinateur (quatre groupes de quatre lettres ou chiffres et un caractère de contrôle, comme `lyss review code` l&apos;affiche sur cet ordinateur)</translation>
    </message>
    <message>
        <location filename="data_strings.py" line="416"/>
        <source>this code does not check: read it again on that laptop (lyss review code)</source>
        <translation>ce code ne se vérifie pas : relisez-le sur cet ordinateur (lyss review code)</translation>
    </message>
    <message>
        <location filename="data_strings.py" line="417"/>
        <source>measure how good machine translations are, with these answers</source>
        <oldsource>measure machine translation with these answers (correlations, agreement, tiers)</oldsource>
        <translation>mesurer la qualité des traductions automatiques avec ces réponses</translation>
    </message>
    <message>
        <location filename="data_strings.py" line="418"/>
        <source>change how much each automatic score counts, using these answers</source>
        <oldsource>refit the weights of the metrics&apos; composite from these answers</oldsource>
        <translation>changer le poids de chaque note automatique à l’aide de ces réponses</translation>
    </message>
    <message>
        <location filename="data_strings.py" line="419"/>
        <source>publish figures or examples made from these answers</source>
        <translation>publier des chiffres ou des exemples tirés de ces réponses</translation>
    </message>
    <message>
        <location filename="data_strings.py" line="420"/>
        <source>teach a machine translation system with these answers or sentences</source>
        <oldsource>train or tune a machine translation model on these answers or sentences</oldsource>
        <translation>entraîner un système de traduction automatique avec ces réponses ou ces phrases</translation>
    </message>
    <message>
        <location filename="data_strings.py" line="421"/>
        <source>give the answers to people outside the study</source>
        <oldsource>give the answers to someone outside the study (an export)</oldsource>
        <translation>donner les réponses à des personnes extérieures à l’étude</translation>
    </message>
    <message>
        <location filename="data_strings.py" line="266"/>
        <source>THIS LAPTOP WAS REVOKED in campaign {campaign} from {from_at}</source>
        <translation>CET ORDINATEUR A ÉTÉ RÉVOQUÉ dans la campagne {campaign} à partir du {from_at}</translation>
    </message>
    <message>
        <location filename="data_strings.py" line="267"/>
        <source>{counts}</source>
        <translation>{counts}</translation>
    </message>
    <message>
        <location filename="data_strings.py" line="270"/>
        <source>task {task}, {kind}, alpha {alpha}: {answers} answers; {counted} of {items} items count so far (an item counts once it has its imported ratings)</source>
        <translation>tâche {task}, {kind}, alpha {alpha} : {answers} réponses ; {counted} éléments sur {items} comptent jusqu’ici (un élément compte dès qu’il a ses notes importées)</translation>
    </message>
    <message>
        <location filename="data_strings.py" line="271"/>
        <source>task {task}, {kind}, alpha {alpha}: {answers} answer; {counted} of {items} items count so far (an item counts once it has its imported ratings)</source>
        <translation>tâche {task}, {kind}, alpha {alpha} : {answers} réponse ; {counted} éléments sur {items} comptent jusqu’ici (un élément compte dès qu’il a ses notes importées)</translation>
    </message>
    <message>
        <location filename="data_strings.py" line="280"/>
        <source>time per item: {intercept} s + {per_word} s a word ({source}, {answers} answers)</source>
        <translation>temps par élément : {intercept} s + {per_word} s par mot ({source}, {answers} réponses)</translation>
    </message>
    <message>
        <location filename="data_strings.py" line="281"/>
        <source>time per item: {intercept} s + {per_word} s a word ({source}, {answers} answer)</source>
        <translation>temps par élément : {intercept} s + {per_word} s par mot ({source}, {answers} réponse)</translation>
    </message>
    <message>
        <location filename="data_strings.py" line="282"/>
        <source>pre-marks: {seconds} s an item shown with them [{low}, {high}], on {share} of the items</source>
        <translation>pré-marques : {seconds} s par élément montré avec elles [{low}, {high}], sur {share} des éléments</translation>
    </message>
    <message>
        <location filename="data_strings.py" line="283"/>
        <source>pre-marks: not in the time per item ({reason})</source>
        <translation>pré-marques : pas dans le temps par élément ({reason})</translation>
    </message>
    <message>
        <location filename="data_strings.py" line="284"/>
        <source>{status}: automated tier {automated}; {share} of {items} items accepted, interval [{low}, {high}] at alpha {alpha} (the rule: at least {threshold}); written into {run}</source>
        <translation>{status} : niveau automatique {automated} ; {share} de {items} éléments acceptés, intervalle [{low}, {high}] à alpha {alpha} (la règle : au moins {threshold}) ; écrit dans {run}</translation>
    </message>
    <message>
        <location filename="data_strings.py" line="285"/>
        <source>{status}: automated tier {automated}; written into {run}</source>
        <translation>{status} : niveau automatique {automated} ; écrit dans {run}</translation>
    </message>
    <message>
        <location filename="data_strings.py" line="286"/>
        <source>  pass  {rule}: {value} (needs ≥ {threshold})</source>
        <translation>  réussi  {rule} : {value} (il faut ≥ {threshold})</translation>
    </message>
    <message>
        <location filename="data_strings.py" line="287"/>
        <source>  FAIL  {rule}: {value} (needs ≥ {threshold})</source>
        <translation>  ÉCHEC  {rule} : {value} (il faut ≥ {threshold})</translation>
    </message>
    <message>
        <location filename="data_strings.py" line="140"/>
        <source>{run} is lower than {by} (settled after {items} sentences): no longer rated</source>
        <oldsource>{candidate} is more than {delta} worse than {baseline}, after {items} segments</oldsource>
        <translation>{run} est moins bon que {by} (tranché après {items} phrases) : n&apos;est plus évalué</translation>
    </message>
    <message>
        <location filename="data_strings.py" line="143"/>
        <source>which run is best: open after {items} sentences; still in: {still_in}</source>
        <oldsource>every pair within {delta}: {settled} of {pairs} settled after {items} segments</oldsource>
        <translation>lequel est le meilleur : ouvert après {items} phrases ; encore en lice : {still_in}</translation>
    </message>
    <message>
        <location filename="data_strings.py" line="144"/>
        <source>{candidate} is better than {baseline} ({candidate} − {baseline} lies between {low} and {high}), after {items} sentences</source>
        <oldsource>{a} is better than {b} (difference {difference} {interval}), after {items} segments</oldsource>
        <translation>{candidate} est meilleur que {baseline} ({candidate} − {baseline} se situe entre {low} et {high}), après {items} phrases</translation>
    </message>
    <message>
        <location filename="data_strings.py" line="146"/>
        <source>{candidate} is more than {delta} worse than {baseline} ({candidate} − {baseline} lies between {low} and {high}), after {items} sentences</source>
        <oldsource>{a} and {b} are within {delta} of each other (difference {difference} {interval}), after {items} segments</oldsource>
        <translation>{candidate} est moins bon que {baseline} de plus de {delta} ({candidate} − {baseline} se situe entre {low} et {high}), après {items} phrases</translation>
    </message>
    <message>
        <location filename="data_strings.py" line="153"/>
        <source>the chance that any of these verdicts is wrong is at most {alpha} for the whole campaign (each of its {pairs} pairs checked at {per_pair})</source>
        <translation>le risque qu&apos;un seul de ces verdicts soit faux est d&apos;au plus {alpha} pour toute la campagne (chacune de ses {pairs} paires vérifiée à {per_pair})</translation>
    </message>
    <message>
        <location filename="data_strings.py" line="149"/>
        <source>{a} is better than {b} ({a} − {b} lies between {low} and {high}), after {items} sentences</source>
        <oldsource>{system}&apos;s mean reaches {threshold} (within {delta}), after {items} segments</oldsource>
        <translation>{a} est meilleur que {b} ({a} − {b} se situe entre {low} et {high}), après {items} phrases</translation>
    </message>
    <message>
        <location filename="data_strings.py" line="151"/>
        <source>{a} and {b} are within {delta} of each other ({a} − {b} lies between {low} and {high}), after {items} sentences</source>
        <oldsource>does {system}&apos;s mean reach {threshold} (within {delta})? open after {items} segments</oldsource>
        <translation>{a} et {b} sont à moins de {delta} l&apos;un de l&apos;autre ({a} − {b} se situe entre {low} et {high}), après {items} phrases</translation>
    </message>
    <message>
        <location filename="data_strings.py" line="154"/>
        <source>{system}&apos;s mean reaches {threshold} (within {delta}): it lies between {low} and {high}, after {items} sentences</source>
        <oldsource>{system}&apos;s tier: open after {items} items ({share} accepted so far {interval}; the rule: at least {threshold})</oldsource>
        <translation>la moyenne de {system} atteint {threshold} (à {delta} près) : elle se situe entre {low} et {high}, après {items} phrases</translation>
    </message>
    <message>
        <location filename="data_strings.py" line="179"/>
        <source>the decisions wait for items served earlier and not yet answered as often as the campaign asks: {items} (their speakers&apos; laptops: {laptops}); answers given since to {held_back} other items wait behind them, so that the order answers come in changes no verdict</source>
        <oldsource>the decisions wait for {answers} answers to {items} items served earlier (speakers on laptops: {laptops}); {held_back} items answered since wait behind them, so that the order answers come in changes no verdict</oldsource>
        <translation>les décisions attendent des éléments servis plus tôt et pas encore répondus autant que la campagne le demande : {items} (ordinateurs de leurs locuteurs : {laptops}) ; les réponses données depuis à {held_back} autres éléments attendent derrière eux, afin que l&apos;ordre des réponses ne change aucun verdict</translation>
    </message>
    <message>
        <location filename="data_strings.py" line="180"/>
        <source>of those, to be served to another speaker (their speakers withdrew or set them aside): {items}</source>
        <oldsource>{items} of these items are served to another speaker (their speakers withdrew or set them aside)</oldsource>
        <translation>parmi eux, à servir à un autre locuteur (leurs locuteurs se sont retirés ou les ont mis de côté) : {items}</translation>
    </message>
    <message>
        <location filename="data_strings.py" line="181"/>
        <source>note: {run}&apos;s tier is refused: the best of these runs, but not good enough for its tier</source>
        <oldsource>note: {run}&apos;s tier is refused, so it is the best of these runs, not good enough for its tier</oldsource>
        <translation>remarque : le niveau de {run} est refusé : la meilleure de ces versions, mais pas assez bonne pour son niveau</translation>
    </message>
    <message>
        <location filename="data_strings.py" line="183"/>
        <source>serving: {runs}</source>
        <translation>proposés : {runs}</translation>
    </message>
    <message>
        <location filename="data_strings.py" line="184"/>
        <source>serving: nothing more is needed: every question asked is decided</source>
        <translation>proposés : plus rien n&apos;est nécessaire : chaque question posée est tranchée</translation>
    </message>
    <message>
        <location filename="data_strings.py" line="185"/>
        <source>nothing more is needed from you now</source>
        <translation>plus rien n&apos;est nécessaire de votre part pour l&apos;instant</translation>
    </message>
    <message>
        <location filename="data_strings.py" line="186"/>
        <source>every question asked is decided: no more hours needed</source>
        <translation>chaque question posée est tranchée : plus aucune heure nécessaire</translation>
    </message>
    <message>
        <location filename="data_strings.py" line="182"/>
        <source>(this campaign asks another question: this tier is shown beside it, for information)</source>
        <oldsource>to the decision: a forecast from {from} answered segments on; {answered} so far</oldsource>
        <translation>(cette campagne pose une autre question : ce niveau est montré à côté, pour information)</translation>
    </message>
</context>
<context>
    <name>window.campaigns</name>
    <message>
        <location filename="../screenshots.py" line="356"/>
        <source>Checking…</source>
        <translation>Vérification…</translation>
    </message>
</context>
</TS>
