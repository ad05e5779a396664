import { useState } from 'react';
import { Link, Route, Routes } from 'react-router';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import { renderWithProviders } from '../../test/render';
import en from '../../lib/i18n/messages/en.json';
import { useUnsavedChanges } from './use-unsaved-changes';

const UNSAVED_CHANGES_TITLE = en['components.unsavedChanges.title'];

/** A one-field form with a link away, a "close" action and a save that releases the guard. */
function NameForm() {
  const [name, setName] = useState('');
  const [closed, setClosed] = useState(false);
  const [saved, setSaved] = useState('');
  const unsaved = useUnsavedChanges(name !== saved);
  if (closed) return <p>Form closed</p>;
  return (
    <div>
      <label>
        Name
        <input value={name} onChange={(event) => setName(event.target.value)} />
      </label>
      <Link to="/elsewhere">Elsewhere</Link>
      <button type="button" onClick={unsaved.guard(() => setClosed(true))}>
        Close
      </button>
      <button
        type="button"
        onClick={() => {
          unsaved.release();
          setSaved(name);
        }}
      >
        Save
      </button>
      {unsaved.prompt}
    </div>
  );
}

function renderForm() {
  return renderWithProviders(
    <Routes>
      <Route path="/" element={<NameForm />} />
      <Route path="/elsewhere" element={<p>Another screen</p>} />
    </Routes>,
  );
}

/** Waits until the question has gone (MUI hides the page from assistive technology until then). */
const questionGone = () =>
  waitFor(() => expect(screen.queryByRole('dialog', { name: UNSAVED_CHANGES_TITLE })).toBeNull());

const beforeUnloadIsPrevented = () => {
  const event = new Event('beforeunload', { cancelable: true });
  window.dispatchEvent(event);
  return event.defaultPrevented;
};

describe('useUnsavedChanges', () => {
  it('lets an unchanged form go without asking', async () => {
    const user = userEvent.setup();
    renderForm();
    expect(beforeUnloadIsPrevented()).toBe(false);
    await user.click(screen.getByRole('link', { name: 'Elsewhere' }));
    screen.getByText('Another screen');
    expect(screen.queryByText(UNSAVED_CHANGES_TITLE)).toBeNull();
  });

  it('holds navigation with unsaved changes until the person chooses to discard them', async () => {
    const user = userEvent.setup();
    renderForm();
    await user.type(screen.getByLabelText('Name'), 'Ada');

    await user.click(screen.getByRole('link', { name: 'Elsewhere' }));
    const dialog = await screen.findByRole('dialog', { name: UNSAVED_CHANGES_TITLE });
    await user.click(within(dialog).getByRole('button', { name: 'Keep editing' }));
    await questionGone();
    expect((screen.getByLabelText('Name') as HTMLInputElement).value).toBe('Ada');
    expect(screen.queryByText('Another screen')).toBeNull();

    await user.click(screen.getByRole('link', { name: 'Elsewhere' }));
    await user.click(await screen.findByRole('button', { name: 'Discard changes' }));
    await screen.findByText('Another screen');
  });

  it('asks the browser to confirm a reload or close while changes are unsaved', async () => {
    const user = userEvent.setup();
    renderForm();
    await user.type(screen.getByLabelText('Name'), 'Ada');
    expect(beforeUnloadIsPrevented()).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(beforeUnloadIsPrevented()).toBe(false);
  });

  it('asks before closing the form, and stops asking once the changes are saved', async () => {
    const user = userEvent.setup();
    renderForm();
    await user.type(screen.getByLabelText('Name'), 'Ada');
    await user.click(screen.getByRole('button', { name: 'Close' }));
    await screen.findByRole('dialog', { name: UNSAVED_CHANGES_TITLE });
    await user.click(screen.getByRole('button', { name: 'Keep editing' }));
    await questionGone();
    expect((screen.getByLabelText('Name') as HTMLInputElement).value).toBe('Ada');

    await user.click(screen.getByRole('button', { name: 'Save' }));
    await user.click(screen.getByRole('link', { name: 'Elsewhere' }));
    await screen.findByText('Another screen');
  });
});
