/* tests/c/reference/seen_card.h - the reference one-card solver (seen_card.c beside it): not part
 * of the shipped core, compiled only by the tests (tests/c/seen_reference.c).
 *
 * ref_solve_seen_one: the whole game when the player also sees one dealer hole card, as the core's
 * cs_solve_seen_k1 (totals; chart by class, up rank and seen rank, CS_SEEN_CHART_CELLS) plus probes
 * (at most 4096, 7 cards each: player's five, up, seen; 4 counts each: not qualify, win, tie, lose).
 * ref_seen_one_decisions: the same solve with the decision table of cs_solve_seen_k1
 * (CS_NUM_VALUES x CS_SEEN_DECISION_LANES bytes). Statuses as the core's.
 */
#ifndef SEEN_CARD_REFERENCE_H
#define SEEN_CARD_REFERENCE_H

#include "caribbean.h"

int ref_solve_seen_one(uint16_t qualifier, const cs_nets *nets, uint32_t flags, uint32_t threads,
                       cs_totals *out, uint64_t *chart_raise, uint64_t *chart_total, size_t n_chart,
                       const uint8_t *probes, size_t n_probes, uint64_t *probe_counts);
int ref_seen_one_decisions(uint16_t qualifier, const cs_nets *nets, uint32_t flags, uint32_t threads,
                           cs_totals *out, uint8_t *decisions, size_t n_decisions);

#endif
