import { describe, expect, it } from 'vitest';
import { repairAccessibility } from '../../src/app/pages/calendar/FieldCalendar';

// FullCalendar's frame as it draws each view (issue 31): a role="grid" table of scroll panes, one of which takes
// focus when nothing in it does. A grid may hold rows only, so repairAccessibility makes the frame a layout table,
// in the day view (time grid) as in the week and month (timelines).

function drawn(view: 'fc-timegrid' | 'fc-timeline'): HTMLElement {
  const root = document.createElement('div');
  root.innerHTML = `<div class="${view}"><table class="fc-scrollgrid" role="grid">
    <thead role="rowgroup"><tr role="presentation"><th role="presentation"><div class="fc-scroller">
      <table role="presentation"><tbody><tr role="row"><th role="columnheader">Maracanã</th></tr></tbody></table>
    </div></th></tr></thead>
    <tbody role="rowgroup"><tr role="presentation"><td role="presentation"><div class="fc-scroller" tabindex="0"></div></td></tr></tbody>
  </table></div>`;
  return root;
}

describe("FullCalendar's frame, repaired", () => {
  for (const view of ['fc-timegrid', 'fc-timeline'] as const) {
    it(`${view}: no grid, row group or row is left around its scroll panes`, () => {
      const root = drawn(view);
      repairAccessibility(root);
      expect(root.querySelector('table.fc-scrollgrid')!.getAttribute('role')).toBe('presentation');
      expect(root.querySelectorAll('[role="grid"], [role="rowgroup"], [role="row"], [role="columnheader"]')).toHaveLength(0);
    });
  }
});
