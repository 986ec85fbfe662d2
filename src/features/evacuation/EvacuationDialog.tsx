import { named } from '../../core/i18n/elision.ts';
import './messages/bundled-confirm.ts';
import './messages/bundled-dialog.ts';
import { useId, type ReactNode } from 'react';
import type { EvacuationMode } from '../../core/api/contract.ts';
import type { EvacuationAction, EvacuationScope } from '../../core/evacuation/evacuation.ts';
import { telHref } from '../../core/inbox/tel.ts';
import { projectCache } from '../../core/resources/resources.ts';
import { AlertDialog } from '../../ui/AlertDialog.tsx';
import { useResource } from '../common/useResource.ts';
import { useStyles } from '../common/useStyles.ts';
import { useT } from '../common/useT.ts';
import drillCss from './drill.css?inline';
import { ProjectScope } from './ProjectScope.tsx';

/** The most characters a reason may have (the server refuses more). */
export const REASON_MAX = 200;

export interface EvacuationDialogProps {
  scope: EvacuationScope;
  uuid: string;
  /** The project's or site's name (or a neutral phrase). */
  label: string;
  /** The target's project: its control room's number is given in the dialog. */
  projectUuid: string | undefined;
  action: EvacuationAction;
  /** For an end: whether it ends a drill. */
  endsMode: EvacuationMode | undefined;
  /** A start's choice, none until the user makes it. */
  mode: EvacuationMode | undefined;
  onMode: (mode: EvacuationMode) => void;
  message: string;
  onMessage: (message: string) => void;
  /** Sent once: the choice can no longer change (a retry sends the same request). */
  locked: boolean;
  pending: boolean;
  onConfirm: () => void;
  onCancel: () => void;
  children?: ReactNode;
}

/**
 * The start and end confirmations of an evacuation, a chunk of their own. Starting asks
 * "drill or real?" with nothing chosen, so confirming is impossible until someone chose,
 * and takes an optional reason everyone will see. Ending is worded as an ending, with a calm
 * confirm (never the red of a start), and says so when it ends a drill. Both lead with
 * "In danger? Call 112 first" and the project's control room as a phone link.
 */
export function EvacuationDialog(props: EvacuationDialogProps) {
  const { scope, uuid, label, projectUuid, action, endsMode, mode, onMode, message, onMessage, locked, pending, onConfirm, onCancel } =
    props;
  useStyles(drillCss);
  const t = useT();
  const id = useId();
  const start = action === 'start';
  const drillEnd = !start && endsMode === 'drill';

  const title = start
    ? t('evacuation.dialog.startTitle', named(label))
    : drillEnd
      ? t('evacuation.confirm.endDrillTitle', { name: label })
      : t('evacuation.dialog.abortTitle', named(label));
  const description = start
    ? t(scope === 'project' ? 'evacuation.dialog.startProjectBody' : 'evacuation.dialog.startSiteBody', named(label))
    : drillEnd
      ? t('evacuation.confirm.endDrillBody', { name: label })
      : t(scope === 'project' ? 'evacuation.dialog.abortProjectBody' : 'evacuation.dialog.abortSiteBody', named(label));
  const confirmLabel = start
    ? t(mode === 'drill' ? 'evacuation.confirm.startDrill' : 'evacuation.confirm.startReal')
    : t(drillEnd ? 'evacuation.confirm.endDrill' : 'evacuation.confirm.end');

  return (
    <AlertDialog
      open
      armed
      // A real start is red; a drill's start and every end are calm.
      tone={start && mode !== 'drill' ? 'danger' : 'primary'}
      title={title}
      description={description}
      confirmLabel={confirmLabel}
      cancelLabel={t('evacuation.dialog.cancel')}
      pending={pending}
      confirmDisabled={start && !mode}
      onConfirm={onConfirm}
      onCancel={onCancel}
    >
      <EmergencyLine projectUuid={projectUuid} />
      {start && (
        <>
          <fieldset className="evac-mode" disabled={locked}>
            <legend className="evac-mode-legend">{t('evacuation.confirm.modeLegend')}</legend>
            {(['drill', 'real'] as const).map((m) => (
              <label key={m} className={`evac-mode-option evac-mode-option--${m}`}>
                <input type="radio" name={`${id}-mode`} value={m} checked={mode === m} onChange={() => onMode(m)} />
                <span>
                  <span className="evac-mode-name">{t(m === 'drill' ? 'evacuation.confirm.drill' : 'evacuation.confirm.real')}</span>
                  <span className="evac-mode-hint">
                    {t(m === 'drill' ? 'evacuation.confirm.drillHint' : 'evacuation.confirm.realHint')}
                  </span>
                </span>
              </label>
            ))}
          </fieldset>
          {!mode && (
            <p className="v-small v-muted evac-mode-first" id={`${id}-first`}>
              {t('evacuation.confirm.chooseFirst')}
            </p>
          )}
          <div className="evac-reason">
            <label htmlFor={`${id}-reason`}>{t('evacuation.confirm.reason')}</label>
            <input
              id={`${id}-reason`}
              className="v-input"
              type="text"
              maxLength={REASON_MAX}
              value={message}
              disabled={locked}
              aria-describedby={`${id}-reason-hint`}
              onChange={(e) => onMessage(e.target.value)}
            />
            <p id={`${id}-reason-hint`} className="v-small v-muted">
              {t('evacuation.confirm.reasonHint')}
            </p>
          </div>
          {scope === 'project' && <ProjectScope uuid={uuid} />}
        </>
      )}
      {props.children}
    </AlertDialog>
  );
}

/** "In danger? Call 112 first", and the project's control room to call. */
function EmergencyLine({ projectUuid }: { projectUuid: string | undefined }) {
  const t = useT();
  const room = useResource(projectCache, projectUuid)?.data?.control_room;
  return (
    <div className="evac-emergency" part="emergency">
      <p className="evac-emergency-first">
        <strong>{t('evacuation.confirm.emergency')}</strong>{' '}
        <a className="evac-tel" href="tel:112">
          {t('evacuation.confirm.call112')}
        </a>
      </p>
      {room && (
        <p className="evac-emergency-room">
          <span>{t('evacuation.confirm.controlRoom', { name: room.name })}</span>{' '}
          <a className="evac-tel" href={telHref(room.phone)}>
            {room.phone}
          </a>
        </p>
      )}
    </div>
  );
}
