import { useCombobox } from 'downshift';
import { useEffect, useRef, useState } from 'react';
import Button from 'react-bootstrap/Button';
import { useApi } from '../api/ApiContext';
import type { CatalogueEntry } from '../api/catalogue';
import { readableMessage } from '../lib/readable-message';

/** How long typing must pause before the catalogue is asked: one request per word, not per key. */
export const SEARCH_DEBOUNCE_MS = 250;

export const CATALOGUE_FAILED_TEXT =
  'The catalogue could not be reached, so no suggestions are shown. You can still type the name yourself.';

const itemToString = (entry: CatalogueEntry | null) => entry?.name ?? '';

/**
 * The certification name: free text, with the catalogue's matches offered as
 * the user types (an ARIA 1.2 combobox, downshift's useCombobox). Each
 * search waits for a pause in the typing and cancels the one it supersedes,
 * so an older, slower answer never replaces a newer one. Choosing a match
 * calls `onPick`; typing never unpicks it (a name may be the user's own
 * spelling of the same certification), and any name may be saved as typed.
 */
export function CertificationNameField(props: {
  name: string;
  label: string;
  value: string;
  error: string | undefined;
  onChange: (value: string) => void;
  /** The entry the certification follows, or null. */
  picked: CatalogueEntry | null;
  onPick: (entry: CatalogueEntry) => void;
  describedBy?: string;
}) {
  const { name, label, value, error, onChange, picked, onPick } = props;
  const { api } = useApi();
  const [items, setItems] = useState<CatalogueEntry[]>([]);
  const [searched, setSearched] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  const typed = useRef(value);
  typed.current = value;
  const pending = useRef<{ timer?: ReturnType<typeof setTimeout>; controller?: AbortController }>(
    {},
  );
  const id = `field-${name}`;
  const errorId = `${id}-error`;

  function cancel() {
    clearTimeout(pending.current.timer);
    pending.current.controller?.abort(new DOMException('Superseded', 'AbortError'));
    pending.current = {};
  }
  useEffect(() => cancel, []);

  function search(query: string, delay: number) {
    cancel();
    const q = query.trim();
    const controller = new AbortController();
    pending.current = {
      controller,
      timer: setTimeout(() => {
        api.searchCatalogue(q, { signal: controller.signal }).then(
          (found) => {
            if (controller.signal.aborted) return;
            setItems(found);
            setSearched(q);
            setFailed(false);
          },
          (failure: unknown) => {
            if (controller.signal.aborted) return;
            // The name is free text: without suggestions the field still works as a plain input,
            // and the user is told why none appear, with a way to ask again.
            console.warn('Catalogue search failed', failure);
            setItems([]);
            setSearched(null);
            setFailed(true);
          },
        );
      }, delay),
    };
  }

  const combobox = useCombobox<CatalogueEntry>({
    items,
    itemToString,
    itemToKey: (entry) => entry?.id ?? null,
    inputId: id,
    // Downshift owns what is typed and reports it (after rendering): a controlled value would
    // lag one render behind each keystroke, and fast typing would lose characters.
    initialInputValue: value,
    selectedItem: picked,
    onInputValueChange: ({ inputValue, type }) => {
      onChange(inputValue);
      if (type === useCombobox.stateChangeTypes.InputChange) search(inputValue, SEARCH_DEBOUNCE_MS);
    },
    onSelectedItemChange: ({ selectedItem }) => {
      if (selectedItem) onPick(selectedItem);
    },
    onIsOpenChange: ({ isOpen }) => {
      // Opened by a click or an arrow key before any typing: offer what matches the name as it is.
      if (isOpen && searched === null) search(value, 0);
    },
    stateReducer: (state, { type, changes }) => {
      switch (type) {
        // A picked entry arriving from outside (a record loading) never rewrites the name typed.
        case useCombobox.stateChangeTypes.ControlledPropUpdatedSelectedItem:
          return { ...changes, inputValue: state.inputValue };
        // Escape closes the list; it never clears what was typed.
        case useCombobox.stateChangeTypes.InputKeyDownEscape:
          return { ...changes, inputValue: state.inputValue, selectedItem: state.selectedItem };
        default:
          return changes;
      }
    },
    getA11yStatusMessage: ({ isOpen }) => {
      if (!isOpen || searched === null) return '';
      return items.length === 0
        ? 'No certification in the catalogue matches. The name is saved as typed.'
        : `${items.length} catalogue ${items.length === 1 ? 'match' : 'matches'}; use the up and down arrows to choose.`;
    },
  });
  const { isOpen, highlightedIndex, getLabelProps, getInputProps, getMenuProps, getItemProps } =
    combobox;
  const open = isOpen && items.length > 0;
  const describedBy = [props.describedBy, error ? errorId : ''].filter(Boolean).join(' ');

  return (
    <div className="mb-3 position-relative">
      <label {...getLabelProps({ className: 'form-label', htmlFor: id })}>
        <span aria-hidden="true">* </span>
        {label}
      </label>
      <input
        {...getInputProps({
          name,
          type: 'text',
          required: true,
          maxLength: 200,
          autoComplete: 'off',
          spellCheck: false,
          className: `form-control${error ? ' is-invalid' : ''}`,
          'aria-invalid': error ? true : undefined,
          'aria-describedby': describedBy || undefined,
        })}
      />
      <ul
        {...getMenuProps({
          className: `catalogue-menu dropdown-menu w-100${open ? ' show' : ''}`,
          'aria-label': 'Certifications in the catalogue',
        })}
      >
        {open &&
          items.map((entry, index) => (
            <li
              key={entry.id}
              className={`dropdown-item${highlightedIndex === index ? ' active' : ''}`}
              {...getItemProps({ item: entry, index })}
            >
              <span className="fw-semibold">{entry.name}</span>{' '}
              <span className="catalogue-menu-detail">
                {entry.fullName !== entry.name ? `${entry.fullName} · ` : ''}
                {entry.body}
              </span>
            </li>
          ))}
      </ul>
      {error && (
        <div className="invalid-feedback" id={errorId}>
          {readableMessage(name, label, error)}
        </div>
      )}
      <div role="status" className="catalogue-status">
        {failed && (
          <div className="catalogue-failed small d-flex flex-wrap align-items-center gap-2 mt-1">
            <span>{CATALOGUE_FAILED_TEXT}</span>
            <Button
              variant="outline-secondary"
              size="sm"
              onClick={() => {
                search(typed.current, 0);
                combobox.openMenu();
                document.getElementById(id)?.focus();
              }}
            >
              Retry suggestions
            </Button>
          </div>
        )}
      </div>
    </div>
  );
}
