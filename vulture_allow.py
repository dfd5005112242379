"""Names vulture (`--min-confidence 60`) reports as unused that are used after all.

Run: `vulture castellion vulture_allow.py --min-confidence 60` (make lint, .ci/run). Each entry says why
it stays: a protocol method called by a library or a framework, a field of the API read by tests or
scripts, a name other code finds by a string. Entries marked "owned by another branch" are in code
being reshaped at the same time (the rules' and the computer player's handlers found by built names,
the board, the app); the lead removes or justifies them after merging. Never imported: vulture
only reads it.
"""

writable  # StartupReport field: the start-up report's part of the API (tests and callers read it)
removed_temps  # StartupReport field: which stale temporary files start-up removed (tests read it)
_.writable  # StartupReport field: the start-up report's part of the API (tests and callers read it)
_.removed_temps  # StartupReport field: which stale temporary files start-up removed (tests read it)
_.abandon  # Autosaver.abandon: giving a game up (counted as abandoned); the persistence API, exercised by tests
PROBLEMS  # errors.PROBLEMS: every DamagedSave.problem code; the UI words each (tests/ui/test_storage_text.py)
outcome_rule  # SaveInfo / Summary field read from save headers (part of the saved record; tests read it)
document  # LoadedSave field: the document a save was loaded from (tests read it)
document_for  # saves.document_for: the save document of a session (tests, scripts and bench/ build files with it)
read_document  # saves.read_document: a save file as a document, upgraded (tests, bench/hostile_start.py)
survey_lines  # selftest.survey_lines: the self-test's speech-engine lines read back (its tests, here and under Wine)
_.handleError  # logging.Handler override: logging calls it when a record cannot be written
_.coalesced  # Writer counter: how many snapshots a later one replaced (tests read it)
_.pause  # Scene hook (scenes/stack.py): the SceneStack calls it when a scene is pushed above
_.resume  # Scene hook (scenes/stack.py): the SceneStack calls it when the scene above is popped
_.to_physical  # Viewport.to_physical: canvas units to window pixels (scripts/screenshots.py, bench/, tests)
_.blits  # Canvas.blits: part of the pygame.Surface protocol a Canvas stands in for
extract_levels  # Babel extraction method, named in babel.cfg (scripts/i18n.py)
extract_python  # Babel extraction method, named in babel.cfg (scripts/i18n.py)
_.renders  # TileFaces counter: how many faces were drawn (tests/ui/test_frame_caches.py reads it)
_.bold  # pygame.font.Font.bold: a property set on the font object (embolden a regular face)

# Board and screens: widgets kept as named attributes so tests (and the tutorial's coach) find them
_.back_button  # a screen's Back button: tests and the coach press it by name
_.status_slots  # BoardScene.status_slots: where the status panel drew its lines (its test reads it)
_.yes_button  # ConfirmOverlay's buttons: tests and the board driver press them
_.spoken_focus  # a scene's (or its reader's) spoken answer: the focus watcher asks for it by name (ui/speech/focus.py)
_.spoken_news  # a scene's (or its reader's) spoken answer: the focus watcher asks for it by name
_.spoken_where  # a scene's (or its reader's) spoken answer: the focus watcher asks for it by name
_.no_button  # ConfirmOverlay's buttons: tests press them
_.close_button  # an overlay's Close button: tests press it
_.random_button  # Setup's buttons: tests press them by name
_.rules_button  # Setup's buttons: tests press them by name
_.start_button  # Setup's buttons: tests press them by name
_.players_choice  # Setup's choices: tests set them
_.pantry_choice  # Setup's choices: tests set them
_.reset_button  # Controls' Reset to defaults: tests press it
_.press_key  # Controls: the screen's answer to a key while it waits (tests and scripts call it)
_.learn  # the menu's "Learn to play" button: tests press it
_.offer_yes  # the menu's first-start offer's "Show me" button: tests press it
_.offer  # MenuScene.offer: the offer's card, where the layout tests look for its words
_.offer_limit  # MenuScene.offer_limit: the text size the offer's words reach (tests/scenes/test_menu_text_size.py)
_.again  # the end screen's buttons: tests press them
_.winnable  # the end screen's "was it winnable?" button: tests press it
_.look  # the end screen's "look at the castle" button: tests press it
_.midtop  # pygame.Rect attribute set to place a rect (vulture sees only the assignment)
_.midbottom  # pygame.Rect attribute set to place a rect
_.minimum_size  # pygame._sdl2.video.Window property: set, read by SDL
__call__  # a painter's call (banner.py): the painters are called through a table
# Counters and reports read by tests, bench/ and the lab
_.resize_refused  # App: whether the last resize was below the minimum (tests read it)
_.drawn_frames  # App: frames drawn so far (the wake-up tests and bench/frames.py read it)
_.full_draws  # StillPicture counters: tests of the frame caches read them
_.partial_draws  # StillPicture counters: tests of the frame caches read them
_.answered_by  # a job's answering process id: the pool tests check the child answered
slowest  # the lab's slowest decision (lab summary; bench/ and the lab's report read it)
_.slowest  # the lab's slowest decision
_close_all  # registered with atexit (ai/pool.py): called at interpreter exit
# The rules' data, read by tests and other packages through the enum or the name
PYRO  # Faction member: read by value from saves and level files
TRIANGLE  # Shape members: read by value from castle notation
SQUARE  # Shape member
CIRCLE  # Shape member
LOSING_RULES  # the rule ids that end a game: tests check every one has words
RULES_DATA  # persistence/rules_data.py: the digests the save format was set for (the old-files test)
_.census  # GameState.census: the counts the property tests check against the castle
random_action  # rules/bots.py: the random legal player of the property tests and bench/
play_out  # rules/bots.py: a random playout for the property tests
formations_one_short  # rules/public.py: what one more tile would complete (the public-view tests read it)
formation_change  # scenes/board/meaning.py: scripts/screenshots.py picks a telling move with it
# Choices' handlers, registered by the @_files decorator (choices.py): found through its table
_place
_swap
_move
_reveal_pile
_reveal_ordeal
_discard_traitor
_guardian
_intruder
_pass
_champion
_prophet
_.effects  # Settings → Accessibility's Game sounds choice: tests press it by name
_.interface  # Settings → Accessibility's Interface sounds choice: tests press it by name
VISUAL_CUES  # ui/sound.py: each sound's visual cue (tests/ui/test_sound.py checks it against docs/accessibility.md)
given_up  # ai/review.py Entry field, read through to_dict
code_button  # scenes/setup.py: the tests press it
play_button  # scenes/dealcode.py
CONTRAST_PAIRS  # ui/theme.py: every colour pair the high-contrast theme draws (tests/ui/test_contrast.py checks each)
contrast  # ui/theme.py: the WCAG contrast ratio, for that test
winnable_toggle  # scenes/setup.py: the tests press it
shown_words  # ui/scroll_lines.py: the lines a scrolled box shows (the layout tests read them)
TOWER  # FormationKind member: made from the card data's string (FormationKind("tower") in rules/ordeals.py)
BASTION  # FormationKind member: made from the card data's string (FormationKind("bastion"))
LINE  # FormationKind member: made from the card data's string (FormationKind("line"); tests name it)
